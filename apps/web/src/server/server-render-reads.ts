import type { RenderedRoute } from '@ember/contracts/page-routes';
import type { QueryClient } from '@tanstack/react-query';
import { labelsQueryOptions } from '../features/shop/api/get-labels.ts';
import { plansQueryOptions } from '../features/shop/api/get-plans.ts';
import { parseShopSearch } from '../features/shop/utils/shop-search-params.ts';
import { planQueryOptions } from '../lib/plans/get-plan.ts';
import { planSubCountsQueryOptions } from '../lib/plans/get-plan-sub-counts.ts';

/** Fills a query cache with one of a page's first reads. */
export type ServerRead = (client: QueryClient) => Promise<unknown>;

/**
 * The API reads a guest's first view of a rendered page comes from: the shop list (any filters)
 * or a plan; /device's sign-in prompt reads nothing. The same query options the pages use, so the
 * browser's cache starts with exactly these answers.
 */
export function serverRenderReads(route: RenderedRoute, search: string): ServerRead[] {
  if (route.page === 'device') return [];
  if (route.page === 'shop') {
    const filters = parseShopSearch(new URLSearchParams(search));
    return [
      (client) => client.fetchQuery(plansQueryOptions(filters)),
      (client) => client.fetchQuery(labelsQueryOptions()),
    ];
  }
  return [
    (client) => client.fetchQuery(planQueryOptions(route.planId)),
    (client) => client.fetchQuery(planSubCountsQueryOptions(route.planId)),
  ];
}
