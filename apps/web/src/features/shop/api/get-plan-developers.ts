import { type PlanDeveloper, planDevelopersResponse } from '@ember/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { planKeys } from '../../../lib/query-keys/plans.ts';

/** GET shop /plans/developers: the owners of listed plans, for the developer filter. */
export function getPlanDevelopers(): Promise<PlanDeveloper[]> {
  return apiFetch('shop', '/plans/developers', planDevelopersResponse);
}

export function planDevelopersQueryOptions() {
  return queryOptions({
    queryKey: planKeys.developers(),
    queryFn: getPlanDevelopers,
    staleTime: 10 * 60_000,
  });
}

/** Fetched only when `enabled`: the shop asks for it once the filter panel opens or a developer filter is on. */
export function usePlanDevelopers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...planDevelopersQueryOptions(), enabled });
}
