import { useEffect } from 'react';

function setMeta(name: string, content: string | undefined): () => void {
  if (content === undefined) return () => {};
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  const created = !element;
  if (!element) {
    element = document.createElement('meta');
    element.name = name;
    document.head.append(element);
  }
  const previous = element.content;
  element.content = content;
  const meta = element;
  return () => {
    if (created) meta.remove();
    else meta.content = previous;
  };
}

/** Sets `<meta name="description">` and `<meta name="keywords">` while mounted, then restores them. */
export function useDocumentMeta({
  description,
  keywords,
}: {
  description?: string;
  keywords?: string;
}): void {
  useEffect(() => setMeta('description', description), [description]);
  useEffect(() => setMeta('keywords', keywords), [keywords]);
}
