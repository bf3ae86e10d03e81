import { PRICE_DELETED_MESSAGE } from '@ember/contracts/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../components/ui/toast/notify.ts';
import { apiFetch, noContent } from '../../../lib/api-client.ts';
import { refreshDeveloperData } from './developer-query-keys.ts';

/** DELETE shop /prices/{id}. */
export async function deletePrice(id: number): Promise<void> {
  await apiFetch('shop', `/prices/${id}`, noContent, { method: 'DELETE' });
}

export function useDeletePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePrice,
    onSuccess: () => {
      void notify.success(PRICE_DELETED_MESSAGE);
      return refreshDeveloperData(queryClient);
    },
  });
}
