import type { RenderedRoute } from '@ember/contracts/page-routes';
import { preloadMarkdown } from '../components/ui/markdown/lazy-markdown.tsx';
import { preloadTooltipHost } from '../components/ui/tooltip/lazy-tooltip-host.tsx';
import { DeveloperProfilePage, DevicePage, PlanPage, ShopPage } from './lazy-pages.ts';

/**
 * Downloads the code of a page the server rendered (entry-server.tsx) before the browser hydrates
 * it: every lazy part of its markup must be able to render at once, or the first update (the
 * session check) would make React throw that markup away and render the page again.
 */
export function preloadRenderedPage(route: RenderedRoute): Promise<unknown> {
  // The shop's cards have tooltips: their library is there when the cards come alive.
  if (route.page === 'shop') return Promise.all([ShopPage.preload(), preloadTooltipHost()]);
  if (route.page === 'device') return DevicePage.preload();
  if (route.page === 'developer') return Promise.all([DeveloperProfilePage.preload(), preloadTooltipHost()]);
  return Promise.all([PlanPage.preload(), preloadMarkdown()]);
}
