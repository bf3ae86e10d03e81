import {
  type CreatePlanBody,
  PLAN_ADDED_MESSAGE,
  type PlanResponse,
  planResponse,
} from '@ember/contracts/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../../components/ui/toast/notify.ts';
import { apiFetch } from '../../../../lib/api-client.ts';

import { refreshDeveloperData } from '../../../../lib/developer/refresh-developer-data.ts';

/** POST shop /plans: a new plan owned by the caller. */
export function createPlan(body: CreatePlanBody): Promise<PlanResponse> {
  return apiFetch('shop', '/plans', planResponse, { method: 'POST', body });
}

export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlan,
    onSuccess: () => {
      void notify.success(PLAN_ADDED_MESSAGE);
      return refreshDeveloperData(queryClient);
    },
  });
}
