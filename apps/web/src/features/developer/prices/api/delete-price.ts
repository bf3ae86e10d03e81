import { PRICE_DELETED_MESSAGE } from '@ember/contracts/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../../components/ui/toast/notify.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { refreshDeveloperData } from '../../../../lib/developer/refresh-developer-data.ts';
import { noContent } from '../../../../lib/no-content.ts';

/** DELETE shop /prices/{id}. */
export async function deletePrice(id: number): Promise<void> {
  await apiFetch('shop', `/prices/${id}`, noContent, { method: 'DELETE' });
}

/** `onDeleted` runs before the caches refresh, so the page can leave the price before it is refetched. */
export function useDeletePrice({ onDeleted }: { onDeleted: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePrice,
    onSuccess: () => {
      void notify.success(PRICE_DELETED_MESSAGE);
      onDeleted();
      return refreshDeveloperData(queryClient);
    },
  });
}
