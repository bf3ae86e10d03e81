import { PLAN_DEFAULT_PAGE_SIZE } from './constants.ts';
import { renderedRouteOf } from './page-routes.ts';

/**
 * The shop API reads a page starts with when a visitor without a session opens it, as paths under
 * the shop API base. The server names them in the page's HTML (`<link rel="preload" as="fetch">`)
 * so they download alongside the scripts instead of after them; the web's fetchers build exactly
 * these URLs (their tests check it). Only the default views: a filtered shop list is not guessed.
 */
export function firstShopReads(pathname: string, search = ''): string[] {
  const route = renderedRouteOf(pathname);
  if (route?.page === 'shop') {
    return search === ''
      ? [`/plans?page=0&size=${PLAN_DEFAULT_PAGE_SIZE}&sort=popular%2Cdesc`, '/labels']
      : [];
  }
  if (route?.page === 'plan') return [`/plans/${route.planId}`, `/sub-counts/plan/${route.planId}`];
  return [];
}
