import {
  PLAN_UPDATED_MESSAGE,
  type PlanResponse,
  planResponse,
  type UpdatePlanBody,
} from '@ember/contracts/catalog';
import { useActionMutation } from '../../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../../lib/api-client.ts';

import { refreshDeveloperData } from '../../../../lib/developer/refresh-developer-data.ts';

export interface UpdatePlanInput {
  id: number;
  body: UpdatePlanBody;
}

/** PUT shop /plans/{id} with {name, description, imageUrl, tags, forumLink}. */
export function updatePlan({ id, body }: UpdatePlanInput): Promise<PlanResponse> {
  return apiFetch('shop', `/plans/${id}`, planResponse, { method: 'PUT', body });
}

export const useUpdatePlan = () =>
  useActionMutation({ mutationFn: updatePlan, success: PLAN_UPDATED_MESSAGE, refresh: refreshDeveloperData });
