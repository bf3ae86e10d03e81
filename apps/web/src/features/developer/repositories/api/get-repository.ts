import { type RepositoryResponse, repositoryResponse } from '@ember/contracts/delivery';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client.ts';
import { developerKeys } from '../../../../lib/query-keys/developer.ts';

/** GET shop /plugin-repos/{id}: its owner or an admin; anyone else gets 403 / 404. */
export function getRepository(id: number): Promise<RepositoryResponse> {
  return apiFetch('shop', `/plugin-repos/${id}`, repositoryResponse);
}

export function useRepository(id: number | null) {
  return useQuery({
    ...queryOptions({
      queryKey: developerKeys.repository(id ?? 0),
      queryFn: () => getRepository(id ?? 0),
    }),
    enabled: id !== null,
  });
}
