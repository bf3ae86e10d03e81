import type { KeyedCache } from '../lib/cache/keyed-cache.ts';
import type { PageRenderer, RenderedPage } from './page-rendering.ts';

/**
 * Keeps a guest's rendered pages by URL in a keyed cache of the 'catalog' name (decision 0033): a
 * render costs ~10 ms of CPU, a kept page nothing. The one cache on a rendered page's path (decision
 * 0046): its reads go to the catalog's services past their own cache, and its link preview's plan is
 * kept with it. A page lasts the cache's lifetime (CATALOG_CACHE_SECONDS) and
 * every catalog change, in any process, drops them all; concurrent first visits of a URL share one
 * render; a render under way when the catalog changed is not kept; a render that fails is not kept.
 * Slot counts on a kept plan page can be that lifetime old, as the API's kept answers can; a
 * purchase checks the slots itself.
 */
export function withRenderedPageCache(
  render: PageRenderer,
  cache: KeyedCache<RenderedPage | null>,
): PageRenderer {
  // A page is kept per URL: it is written in the UI's language whoever asks (decision 0039).
  return (url) => cache.get(url, () => render(url));
}
