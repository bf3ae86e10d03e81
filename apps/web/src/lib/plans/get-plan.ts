import { type PlanDetail, planDetailResponse } from '@ember/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client.ts';
import { planKeys } from '../query-keys/plans.ts';

// Shared: the public plan page and the developer's plan and price dashboards read the same plan
// under one key, so an edit in the workspace refreshes the shop's page too (issue 23, item 7).

/**
 * GET shop /plans/{id}: the plan with its buyable prices and each price's included plugins; for its
 * owner and admins, every price, hidden or disabled (404 for a hidden or disabled plan unless the
 * caller owns it or is an admin).
 */
export async function getPlan(id: number): Promise<PlanDetail> {
  return apiFetch('shop', `/plans/${id}`, planDetailResponse);
}

export function planQueryOptions(id: number) {
  return queryOptions({ queryKey: planKeys.detail(id), queryFn: () => getPlan(id) });
}

/**
 * Not retried: a plan that cannot be loaded sends the visitor away (the shop page to /shop, the
 * dashboards to /account). `null` (no valid id yet) asks for nothing.
 */
export function usePlan(id: number | null) {
  return useQuery({ ...planQueryOptions(id ?? 0), retry: false, enabled: id !== null });
}
