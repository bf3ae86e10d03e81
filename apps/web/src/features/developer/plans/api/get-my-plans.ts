import { type PlanResponse, plansResponse } from '@ember/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client.ts';
import { planKeys } from '../../../../lib/query-keys/plans.ts';

/** GET shop /plans/my: the caller's plans, hidden and disabled ones included. */
export function getMyPlans(): Promise<PlanResponse[]> {
  return apiFetch('shop', '/plans/my', plansResponse);
}

export function myPlansQueryOptions() {
  return queryOptions({ queryKey: planKeys.mine(), queryFn: getMyPlans });
}

export function useMyPlans() {
  return useQuery(myPlansQueryOptions());
}
