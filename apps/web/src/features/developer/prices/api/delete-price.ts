import { PRICE_DELETED_MESSAGE } from '@ember/contracts/catalog';
import { useActionMutation } from '../../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { refreshDeveloperData } from '../../../../lib/developer/refresh-developer-data.ts';
import { noContent } from '../../../../lib/no-content.ts';

/** DELETE shop /prices/{id}. */
export async function deletePrice(id: number): Promise<void> {
  await apiFetch('shop', `/prices/${id}`, noContent, { method: 'DELETE' });
}

/** `onDeleted` runs before the caches refresh, so the page can leave the price before it is refetched. */
export const useDeletePrice = ({ onDeleted }: { onDeleted: () => void }) =>
  useActionMutation({
    mutationFn: deletePrice,
    success: PRICE_DELETED_MESSAGE,
    onDone: onDeleted,
    refresh: refreshDeveloperData,
  });
