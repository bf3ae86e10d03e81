import { REPOSITORY_DELETED_MESSAGE } from '@ember/contracts/delivery';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../../components/ui/toast/notify.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { refreshDeveloperData } from '../../../../lib/developer/refresh-developer-data.ts';
import { noContent } from '../../../../lib/no-content.ts';

/** DELETE shop /plugin-repos/{id}: the repository and its plugins, refused while a price still grants one. */
export function deleteRepository(id: number): Promise<undefined> {
  return apiFetch('shop', `/plugin-repos/${id}`, noContent, { method: 'DELETE' });
}

/** `onDeleted` runs before the caches refresh, so the page leaves before its repository is read again. */
export function useDeleteRepository({ onDeleted }: { onDeleted: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRepository,
    onSuccess: () => {
      void notify.success(REPOSITORY_DELETED_MESSAGE);
      onDeleted();
      return refreshDeveloperData(queryClient);
    },
  });
}
