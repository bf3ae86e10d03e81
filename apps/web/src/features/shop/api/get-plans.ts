import { type PlanPage, planPageResponse } from '@ember/contracts/catalog';
import { plansRequestOf } from '@ember/contracts/shop-search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { planKeys } from '../../../lib/query-keys/plans.ts';
import type { ShopFilters } from '../utils/shop-search-params.ts';

/** What GET shop /plans is asked: one page of the listed plans matching the filters. */
export type PlansListParams = Pick<
  ShopFilters,
  'name' | 'labelIds' | 'developers' | 'minRating' | 'price' | 'sort' | 'page' | 'size'
>;

/** GET shop /plans?page&size&sort&name&discordIds&labelIds&minRating&maxPrice (public; pages from 0). */
export async function getPlans(params: PlansListParams): Promise<PlanPage> {
  return apiFetch('shop', '/plans', planPageResponse, { query: plansRequestOf(params) });
}

export function plansQueryOptions(params: PlansListParams) {
  const { name, labelIds, developers, minRating, price, sort, page, size } = params;
  return queryOptions({
    queryKey: planKeys.list({ name, labelIds, developers, minRating, price, sort, page, size }),
    queryFn: () => getPlans(params),
  });
}

/** The shop list. The previous page stays on screen while the next one loads. */
export function usePlans(params: PlansListParams) {
  return useQuery({ ...plansQueryOptions(params), placeholderData: keepPreviousData });
}
