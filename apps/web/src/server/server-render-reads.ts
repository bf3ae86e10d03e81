import { matchPageRoute, PAGE_ROUTES } from '@ember/contracts/page-routes';
import type { QueryClient } from '@tanstack/react-query';
import { planQueryOptions } from '../features/plans/api/get-plan.ts';
import { planSubCountsQueryOptions } from '../features/plans/api/get-plan-sub-counts.ts';
import { parsePlanId } from '../features/plans/utils/plan-id.ts';
import { labelsQueryOptions } from '../features/shop/api/get-labels.ts';
import { plansQueryOptions } from '../features/shop/api/get-plans.ts';
import { parseShopSearch } from '../features/shop/utils/shop-search-params.ts';

/** Fills a query cache with one of a page's first reads. */
export type ServerRead = (client: QueryClient) => Promise<unknown>;

/**
 * The API reads a guest's first view of a page is rendered from, for the pages the server renders:
 * the shop list (any filters) and a plan page. Null for every other page: the browser renders it.
 * The same query options the pages use, so the browser's cache starts with exactly these answers.
 */
export function serverRenderReads(pathname: string, search: string): ServerRead[] | null {
  if (matchPageRoute(PAGE_ROUTES.shop, pathname)) {
    const filters = parseShopSearch(new URLSearchParams(search));
    return [
      (client) => client.fetchQuery(plansQueryOptions(filters)),
      (client) => client.fetchQuery(labelsQueryOptions()),
    ];
  }
  const rawId = matchPageRoute(PAGE_ROUTES.plan, pathname)?.id;
  const id = rawId === undefined ? null : parsePlanId(rawId);
  if (id === null) return null;
  return [
    (client) => client.fetchQuery(planQueryOptions(id)),
    (client) => client.fetchQuery(planSubCountsQueryOptions(id)),
  ];
}
