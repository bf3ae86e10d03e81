import { createContext, useContext, useEffect } from 'react';
import { getPublicConfig } from '../config/public-config.ts';

/**
 * Where the server's page renderer (entry-server.tsx) collects a page's title: there is no
 * document there, and effects do not run. The deepest page component's title wins.
 */
export const ServerTitleContext = createContext<{ title?: string } | null>(null);

function documentTitle(title: string | undefined): string {
  const { name, tagline } = getPublicConfig().brand;
  return title ? `${title} · ${name}` : tagline ? `${name} · ${tagline}` : name;
}

/** Sets the tab title to "{title} · {brand}", or "{brand} · {tagline}" without a title. */
export function useDocumentTitle(title?: string): void {
  const serverTitle = useContext(ServerTitleContext);
  if (serverTitle) serverTitle.title = documentTitle(title);
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
