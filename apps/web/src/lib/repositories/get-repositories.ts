import { type RepositoryResponse, repositoriesResponse } from '@ember/contracts/delivery';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client.ts';
import { developerKeys } from '../query-keys/developer.ts';

/** GET shop /plugin-repos: the caller's repositories (the access token is never sent back). */
export function getRepositories(): Promise<RepositoryResponse[]> {
  return apiFetch('shop', '/plugin-repos', repositoriesResponse);
}

export function useRepositories() {
  return useQuery(queryOptions({ queryKey: developerKeys.repositories(), queryFn: getRepositories }));
}
