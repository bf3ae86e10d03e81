import { useEffect } from 'react';
import { getPublicConfig } from '../config/public-config.ts';

/** Sets the tab title to "{title} · {brand}", or "{brand} · {tagline}" without a title. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    const { name, tagline } = getPublicConfig().brand;
    document.title = title ? `${title} · ${name}` : tagline ? `${name} · ${tagline}` : name;
  }, [title]);
}
