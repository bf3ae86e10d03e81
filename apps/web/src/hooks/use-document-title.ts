import type { PublicConfig } from '@ember/contracts/public-config';
import { createContext, useContext, useEffect } from 'react';
import { usePublicConfig } from '../config/app-environment.ts';

/**
 * Where the server's page renderer (entry-server.tsx) collects a page's title: there is no
 * document there, and effects do not run. The deepest page component's title wins.
 */
export const ServerTitleContext = createContext<{ title?: string } | null>(null);

function documentTitle({ name, tagline }: PublicConfig['brand'], title: string | undefined): string {
  return title ? `${title} · ${name}` : tagline ? `${name} · ${tagline}` : name;
}

/** Sets the tab title to "{title} · {brand}", or "{brand} · {tagline}" without a title. */
export function useDocumentTitle(title?: string): void {
  const { brand } = usePublicConfig();
  const serverTitle = useContext(ServerTitleContext);
  if (serverTitle) serverTitle.title = documentTitle(brand, title);
  useEffect(() => {
    document.title = documentTitle(brand, title);
  }, [brand, title]);
}
