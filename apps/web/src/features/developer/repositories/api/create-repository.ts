import {
  type CreateRepositoryBody,
  REPOSITORY_ADDED_MESSAGE,
  type RepositoryResponse,
  repositoryResponse,
} from '@ember/contracts/delivery';
import { useActionMutation } from '../../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { developerKeys } from '../../../../lib/query-keys/developer.ts';

/** POST shop /plugin-repos with {url, accessToken, obfuscation, storm2}. */
export function createRepository(body: CreateRepositoryBody): Promise<RepositoryResponse> {
  return apiFetch('shop', '/plugin-repos', repositoryResponse, { method: 'POST', body });
}

export const useCreateRepository = () =>
  useActionMutation({
    mutationFn: createRepository,
    success: REPOSITORY_ADDED_MESSAGE,
    refresh: [developerKeys.repositories()],
  });
