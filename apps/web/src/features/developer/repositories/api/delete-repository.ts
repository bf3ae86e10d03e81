import { REPOSITORY_DELETED_MESSAGE } from '@ember/contracts/delivery';
import { useActionMutation } from '../../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { refreshDeveloperData } from '../../../../lib/developer/refresh-developer-data.ts';
import { noContent } from '../../../../lib/no-content.ts';

/** DELETE shop /plugin-repos/{id}: the repository and its plugins, refused while a price still grants one. */
export function deleteRepository(id: number): Promise<undefined> {
  return apiFetch('shop', `/plugin-repos/${id}`, noContent, { method: 'DELETE' });
}

/** `onDeleted` runs before the caches refresh, so the page leaves before its repository is read again. */
export const useDeleteRepository = ({ onDeleted }: { onDeleted: () => void }) =>
  useActionMutation({
    mutationFn: deleteRepository,
    success: REPOSITORY_DELETED_MESSAGE,
    onDone: onDeleted,
    refresh: refreshDeveloperData,
  });
