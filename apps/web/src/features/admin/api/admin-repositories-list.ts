import { type AdminRepositoryPage, adminRepositoryPageResponse } from '@ember/contracts/delivery';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys/admin.ts';
import { keyedQueryOptions, usePagedQuery } from '../../../lib/query-options.ts';

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

export const allRepositoriesQueryOptions = keyedQueryOptions(adminKeys.repositoriesPage, getAllRepositories);

export const useAllRepositories = (params: AllRepositoriesParams) =>
  usePagedQuery(allRepositoriesQueryOptions(params));
