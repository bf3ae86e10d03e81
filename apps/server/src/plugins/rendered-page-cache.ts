import type { PageRenderer, RenderedPage } from './page-rendering.ts';

interface CachedPage {
  page: RenderedPage | null;
  expiresAt: number;
}

/**
 * Keeps a guest's rendered pages by URL, as the catalog's answers are kept (catalog-response-cache):
 * a render costs ~10 ms of CPU, a kept page nothing. A page lasts `ttlMs` (the catalog cache's
 * lifetime) and every catalog change drops them all; concurrent first visits of a URL share one
 * render. Slot counts on a kept plan page can be `ttlMs` old, as the API's kept answers can; a
 * purchase checks the slots itself. A render that fails is not kept.
 */
export function withRenderedPageCache(
  render: PageRenderer,
  options: { ttlMs: number; onInvalidate: (listener: () => void) => void; maxEntries?: number },
): PageRenderer {
  if (options.ttlMs <= 0) return render;
  const maxEntries = options.maxEntries ?? 500;
  const kept = new Map<string, CachedPage>();
  const rendering = new Map<string, Promise<RenderedPage | null>>();
  let generation = 0;
  options.onInvalidate(() => {
    generation++;
    kept.clear();
    rendering.clear();
  });

  return async (url, clientIp, locale) => {
    // A page is kept per URL and number locale: its numbers are written in the visitor's locale.
    const key = `${locale} ${url}`;
    const found = kept.get(key);
    if (found && found.expiresAt > Date.now()) return found.page;
    const running = rendering.get(key);
    if (running) return running;
    const startedIn = generation;
    const render$ = render(url, clientIp, locale);
    rendering.set(key, render$);
    try {
      const page = await render$;
      if (startedIn === generation) {
        if (kept.size >= maxEntries) kept.delete(kept.keys().next().value as string);
        kept.set(key, { page, expiresAt: Date.now() + options.ttlMs });
      }
      return page;
    } finally {
      if (rendering.get(key) === render$) rendering.delete(key);
    }
  };
}
