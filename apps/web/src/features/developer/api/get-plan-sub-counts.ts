import { type SubCount, subCountsResponse } from '@ember/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { SUB_COUNTS_QUERY_KEY } from './developer-query-keys.ts';

/** GET shop /sub-counts/plan/{id}: for the owner, the full counts of every price of the plan. */
export function getPlanSubCounts(planId: number): Promise<SubCount[]> {
  return apiFetch('shop', `/sub-counts/plan/${planId}`, subCountsResponse);
}

export function usePlanSubCounts(planId: number) {
  return useQuery(
    queryOptions({
      queryKey: [...SUB_COUNTS_QUERY_KEY, 'plan', planId],
      queryFn: () => getPlanSubCounts(planId),
    }),
  );
}
