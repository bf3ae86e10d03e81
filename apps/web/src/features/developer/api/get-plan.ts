import { type PlanDetail, planDetailResponse } from '@ember/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { DEVELOPER_QUERY_KEY } from './developer-query-keys.ts';

/** GET shop /plans/{id}: for its owner and admins, the plan with every price, hidden or disabled. */
export function getPlan(id: number): Promise<PlanDetail> {
  return apiFetch('shop', `/plans/${id}`, planDetailResponse);
}

export function developerPlanQueryOptions(id: number) {
  return queryOptions({ queryKey: [...DEVELOPER_QUERY_KEY, 'plan', id], queryFn: () => getPlan(id) });
}

/** Not retried: a plan that cannot be loaded sends the visitor away. */
export function useDeveloperPlan(id: number | null) {
  return useQuery({ ...developerPlanQueryOptions(id ?? 0), retry: false, enabled: id !== null });
}
