import { pageReadsOf, shopApiPathOf } from './page-reads.ts';
import { renderedRouteOf } from './page-routes.ts';

/**
 * The shop API reads a page starts with when a visitor without a session opens it, as paths under
 * the shop API base: the page's reads (page-reads.ts). The server names them in the page's HTML
 * (`<link rel="preload" as="fetch">`) when it does not render the page, so they download alongside
 * the scripts instead of after them; the web's fetchers build exactly these URLs (their tests check
 * it). Only the default views: a filtered shop list is not guessed.
 */
export function firstShopReads(pathname: string, search = ''): string[] {
  const route = renderedRouteOf(pathname);
  if (!route || (route.page === 'shop' && search !== '')) return [];
  return pageReadsOf(route, search).map(shopApiPathOf);
}
