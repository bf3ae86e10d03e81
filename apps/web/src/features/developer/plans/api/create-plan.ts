import {
  type CreatePlanBody,
  PLAN_ADDED_MESSAGE,
  type PlanResponse,
  planResponse,
} from '@ember/contracts/catalog';
import { useActionMutation } from '../../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../../lib/api-client.ts';

import { refreshDeveloperData } from '../../../../lib/developer/refresh-developer-data.ts';

/** POST shop /plans: a new plan owned by the caller. */
export function createPlan(body: CreatePlanBody): Promise<PlanResponse> {
  return apiFetch('shop', '/plans', planResponse, { method: 'POST', body });
}

export const useCreatePlan = () =>
  useActionMutation({ mutationFn: createPlan, success: PLAN_ADDED_MESSAGE, refresh: refreshDeveloperData });
