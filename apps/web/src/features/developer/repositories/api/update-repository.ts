import {
  REPOSITORY_UPDATED_MESSAGE,
  type RepositoryResponse,
  repositoryResponse,
  type updateRepositoryBody,
} from '@ember/contracts/delivery';
import type { z } from 'zod';
import { useActionMutation } from '../../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { refreshDeveloperData } from '../../../../lib/developer/refresh-developer-data.ts';

/** What the edit form parsed: the obfuscator config is already an object (or null). */
export type UpdateRepositoryValues = z.output<typeof updateRepositoryBody>;

/** PUT shop /plugin-repos/{id} with {id, accessToken, obfuscation, obfuscatorConfig}; a blank token keeps the stored one. */
export function updateRepository(values: UpdateRepositoryValues): Promise<RepositoryResponse> {
  return apiFetch('shop', `/plugin-repos/${values.id}`, repositoryResponse, { method: 'PUT', body: values });
}

export const useUpdateRepository = () =>
  useActionMutation({
    mutationFn: updateRepository,
    success: REPOSITORY_UPDATED_MESSAGE,
    refresh: refreshDeveloperData,
  });
