import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../components/ui/toast/notify.ts';
import { apiFetch, noContent } from '../../../lib/api-client.ts';
import { PLAN_DELETED_MESSAGE } from '../utils/messages.ts';
import { refreshDeveloperData } from './developer-query-keys.ts';

/** DELETE shop /plans/{id}. */
export async function deletePlan(id: number): Promise<void> {
  await apiFetch('shop', `/plans/${id}`, noContent, { method: 'DELETE' });
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlan,
    onSuccess: () => {
      void notify.success(PLAN_DELETED_MESSAGE);
      return refreshDeveloperData(queryClient);
    },
  });
}
