import { type RepositoryResponse, repositoryResponse } from '@ember/contracts/delivery';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { DEVELOPER_QUERY_KEY } from './developer-query-keys.ts';

export const repositoryQueryKey = (id: number) => [...DEVELOPER_QUERY_KEY, 'repository', id] as const;

/** GET shop /plugin-repos/{id}: its owner or an admin; anyone else gets 403 / 404. */
export function getRepository(id: number): Promise<RepositoryResponse> {
  return apiFetch('shop', `/plugin-repos/${id}`, repositoryResponse);
}

export function useRepository(id: number | null) {
  return useQuery({
    ...queryOptions({ queryKey: repositoryQueryKey(id ?? 0), queryFn: () => getRepository(id ?? 0) }),
    enabled: id !== null,
  });
}
