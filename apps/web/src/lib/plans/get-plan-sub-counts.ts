import { type SubCount, subCountsResponse } from '@ember/contracts/catalog';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client.ts';
import { subCountKeys } from '../query-keys/sub-counts.ts';
import { keyedQueryOptions } from '../query-options.ts';

/**
 * GET shop /sub-counts/plan/{id}: slots and active subscriptions of each buyable price (for the
 * owner, of every price). Shared by the plan page and the developer's prices card.
 */
export function getPlanSubCounts(planId: number): Promise<SubCount[]> {
  return apiFetch('shop', `/sub-counts/plan/${planId}`, subCountsResponse);
}

export const planSubCountsQueryOptions = keyedQueryOptions(subCountKeys.plan, getPlanSubCounts);

/** Slot states for the price options; asked at the same time as the plan, not after it. */
export function usePlanSubCounts(planId: number) {
  return useQuery(planSubCountsQueryOptions(planId));
}
