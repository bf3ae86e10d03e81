import { matchPageRoute, PAGE_ROUTES } from '@ember/contracts/page-routes';
import { parsePlanId } from '../features/plans/utils/plan-id.ts';

/** A page the server renders for a guest (decision 0024): the shop list, or a plan page. */
export type RenderedRoute = { page: 'shop' } | { page: 'plan'; planId: number };

/** The rendered page `pathname` is, or null for every page the browser renders on its own. */
export function renderedRouteOf(pathname: string): RenderedRoute | null {
  if (matchPageRoute(PAGE_ROUTES.shop, pathname)) return { page: 'shop' };
  const planId = parsePlanId(matchPageRoute(PAGE_ROUTES.plan, pathname)?.id);
  return planId === null ? null : { page: 'plan', planId };
}
