import {
  type AdminUserPage,
  type AdminUserResponse,
  adminUserPageResponse,
  adminUserResponse,
} from '@ember/contracts/admin-users';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys/admin.ts';
import { keyedQueryOptions, usePagedQuery } from '../../../lib/query-options.ts';

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

export const adminUsersQueryOptions = keyedQueryOptions(adminKeys.usersPage, getAdminUsers);

/** Keeps the page on screen while the next one loads. */
export const useAdminUsers = (params: AdminUsersParams) => usePagedQuery(adminUsersQueryOptions(params));

/** GET shop /users/{id} (admins). */
export function getAdminUser(id: number): Promise<AdminUserResponse> {
  return apiFetch('shop', `/users/${id}`, adminUserResponse);
}

export const adminUserQueryOptions = keyedQueryOptions(adminKeys.user, getAdminUser);

/** The user of the open panel, starting from the table's row so the panel shows at once. */
export function useAdminUser(id: number, initial?: AdminUserResponse) {
  return useQuery({ ...adminUserQueryOptions(id), placeholderData: initial });
}
