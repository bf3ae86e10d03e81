import type { PlanDeveloper } from '@ember/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET shop /plans/developers: the owners of listed plans, for the developer filter. */
export function getPlanDevelopers(): Promise<PlanDeveloper[]> {
  return apiFetch<PlanDeveloper[]>('shop', '/plans/developers');
}

export function planDevelopersQueryOptions() {
  return queryOptions({
    queryKey: ['plans', 'developers'],
    queryFn: getPlanDevelopers,
    staleTime: 10 * 60_000,
  });
}

export function usePlanDevelopers() {
  return useQuery(planDevelopersQueryOptions());
}
