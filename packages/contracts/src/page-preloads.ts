import { INT4_MAX, PLAN_DEFAULT_PAGE_SIZE } from './constants.ts';
import { matchPageRoute, PAGE_ROUTES, type PageRouteName } from './page-routes.ts';

const CANONICAL_ID = /^[1-9][0-9]{0,9}$/;

/**
 * The shop API reads a page starts with when a visitor without a session opens it, as paths under
 * the shop API base. The server names them in the page's HTML (`<link rel="preload" as="fetch">`)
 * so they download alongside the scripts instead of after them; the web's fetchers build exactly
 * these URLs (their tests check it). Only the default views: a filtered shop list is not guessed.
 */
export function firstShopReads(pathname: string, search = ''): string[] {
  if (matchPageRoute(PAGE_ROUTES.shop, pathname)) {
    return search === ''
      ? [`/plans?page=0&size=${PLAN_DEFAULT_PAGE_SIZE}&sort=popular%2Cdesc`, '/labels']
      : [];
  }
  const id = matchPageRoute(PAGE_ROUTES.plan, pathname)?.id;
  if (id !== undefined && CANONICAL_ID.test(id) && Number(id) <= INT4_MAX) {
    return [`/plans/${id}`, `/sub-counts/plan/${id}`];
  }
  return [];
}

/** The name of the page route `pathname` is, or null (the first match, as the web's router picks). */
export function pageRouteNameOf(pathname: string): PageRouteName | null {
  const names = Object.keys(PAGE_ROUTES) as PageRouteName[];
  return names.find((name) => matchPageRoute(PAGE_ROUTES[name], pathname) !== null) ?? null;
}
