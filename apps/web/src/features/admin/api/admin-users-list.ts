import {
  type AdminUserPage,
  type AdminUserResponse,
  adminUserPageResponse,
  adminUserResponse,
} from '@ember/contracts/admin-users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys/admin.ts';

/** Every cached page of the admin users table and every cached user of the panel. */

export interface AdminUsersParams {
  /** From 0. */
  page: number;
  size: number;
  /** An id, a Discord id or the start of a username; '' for everyone. */
  search: string;
}

/** GET shop /users?page&size&search (admins): newest accounts first. */
export function getAdminUsers({ page, size, search }: AdminUsersParams): Promise<AdminUserPage> {
  return apiFetch('shop', '/users', adminUserPageResponse, {
    query: { page, size, search: search || undefined },
  });
}

export function adminUsersQueryOptions(params: AdminUsersParams) {
  return queryOptions({
    queryKey: adminKeys.usersPage(params),
    queryFn: () => getAdminUsers(params),
  });
}

/** Keeps the page on screen while the next one loads. */
export function useAdminUsers(params: AdminUsersParams) {
  return useQuery({ ...adminUsersQueryOptions(params), placeholderData: keepPreviousData });
}

/** GET shop /users/{id} (admins). */
export function getAdminUser(id: number): Promise<AdminUserResponse> {
  return apiFetch('shop', `/users/${id}`, adminUserResponse);
}

export function adminUserQueryOptions(id: number) {
  return queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: () => getAdminUser(id),
  });
}

/** The user of the open panel, starting from the table's row so the panel shows at once. */
export function useAdminUser(id: number, initial?: AdminUserResponse) {
  return useQuery({ ...adminUserQueryOptions(id), placeholderData: initial });
}
