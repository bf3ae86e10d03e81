import { type DeletePlanResult, deletePlanResponse } from '@ember/contracts/catalog';
import { useActionMutation } from '../../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { refreshDeveloperData } from '../../../../lib/developer/refresh-developer-data.ts';

/**
 * DELETE shop /plans/{id}: a plan that never sold is deleted; one that has sold is archived, and
 * the answer's message says so (purchase records are kept).
 */
export function deletePlan(id: number): Promise<DeletePlanResult> {
  return apiFetch('shop', `/plans/${id}`, deletePlanResponse, { method: 'DELETE' });
}

/** `onDeleted` runs before the caches refresh, so the page can leave the plan before it is refetched. */
export const useDeletePlan = ({ onDeleted }: { onDeleted: () => void }) =>
  useActionMutation({
    mutationFn: deletePlan,
    success: (result) => result.message,
    onDone: onDeleted,
    refresh: refreshDeveloperData,
  });
