import { type AdminRepositoryPage, adminRepositoryPageResponse } from '@ember/contracts/delivery';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys/admin.ts';

export interface AllRepositoriesParams {
  page: number;
  size: number;
  /** '' for every repository. */
  search: string;
}

/** GET shop /plugin-repos/all?page&size&search (admins): every developer's repositories. */
export function getAllRepositories({
  page,
  size,
  search,
}: AllRepositoriesParams): Promise<AdminRepositoryPage> {
  return apiFetch('shop', '/plugin-repos/all', adminRepositoryPageResponse, {
    query: { page, size, search: search || undefined },
  });
}

export function allRepositoriesQueryOptions(params: AllRepositoriesParams) {
  return queryOptions({
    queryKey: adminKeys.repositoriesPage(params),
    queryFn: () => getAllRepositories(params),
  });
}

export function useAllRepositories(params: AllRepositoriesParams) {
  return useQuery({ ...allRepositoriesQueryOptions(params), placeholderData: keepPreviousData });
}
