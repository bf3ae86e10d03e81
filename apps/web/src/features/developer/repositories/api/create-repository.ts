import {
  type CreateRepositoryBody,
  REPOSITORY_ADDED_MESSAGE,
  type RepositoryResponse,
  repositoryResponse,
} from '@ember/contracts/delivery';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../../components/ui/toast/notify.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { developerKeys } from '../../../../lib/query-keys/developer.ts';

/** POST shop /plugin-repos with {url, accessToken, obfuscation, storm2}. */
export function createRepository(body: CreateRepositoryBody): Promise<RepositoryResponse> {
  return apiFetch('shop', '/plugin-repos', repositoryResponse, { method: 'POST', body });
}

export function useCreateRepository() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRepository,
    onSuccess: () => {
      void notify.success(REPOSITORY_ADDED_MESSAGE);
      return queryClient.invalidateQueries({ queryKey: developerKeys.repositories() });
    },
  });
}
