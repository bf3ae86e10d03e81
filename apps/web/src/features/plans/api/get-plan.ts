import { type PlanDetail, planDetailResponse } from '@ember/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * GET shop /plans/{id}: the plan with its buyable prices and each price's included plugins
 * (404 for a hidden or disabled plan unless the caller owns it or is an admin).
 */
export async function getPlan(id: number): Promise<PlanDetail> {
  return apiFetch('shop', `/plans/${id}`, planDetailResponse);
}

export function planQueryOptions(id: number) {
  return queryOptions({ queryKey: ['plans', 'detail', id], queryFn: () => getPlan(id) });
}

/** The plan page. A plan that cannot be loaded is not retried: the page leaves for /shop. */
export function usePlan(id: number) {
  return useQuery({ ...planQueryOptions(id), retry: false });
}
