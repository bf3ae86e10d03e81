import {
  ACCOUNT_TRANSFERRED_MESSAGE,
  type AccountTransferResponse,
  type AdminUserResponse,
  accountTransferResponse,
  adminUserResponse,
  USER_BANNED_MESSAGE,
  USER_UNBANNED_MESSAGE,
  USER_UPDATED_MESSAGE,
  VIP_ADDED_MESSAGE,
  VIP_UNIT_PARAM,
} from '@ember/contracts/admin-users';
import type { VipUnit } from '@ember/contracts/enums';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../components/ui/toast/notify.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import {
  ORDERS_QUERY_KEY,
  SUBSCRIPTIONS_QUERY_KEY,
  TRANSACTIONS_QUERY_KEY,
} from '../../../lib/shared-query-keys.ts';
import { ADMIN_USERS_QUERY_KEY } from './admin-users-list.ts';

/** After a change to an account: the users table and panel, and what the account holds. */
export function refreshAdminUsers(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'user-sessions'] }),
    queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  ]);
}

export interface UpdateUserInput {
  id: number;
  discordId: string;
  username: string;
  balance: number;
  /** Required by the server when the balance changes. */
  reason?: string;
}

/** PUT shop /users/{id} {discordId, username, balance, reason}. */
export function updateUser({ id, ...body }: UpdateUserInput): Promise<AdminUserResponse> {
  return apiFetch('shop', `/users/${id}`, adminUserResponse, { method: 'PUT', body });
}

/** DELETE shop /users/{id}/ban: signed out everywhere, the game client included. */
export function banUser(id: number): Promise<AdminUserResponse> {
  return apiFetch('shop', `/users/${id}/ban`, adminUserResponse, { method: 'DELETE' });
}

/** DELETE shop /users/{id}/unban. */
export function unbanUser(id: number): Promise<AdminUserResponse> {
  return apiFetch('shop', `/users/${id}/unban`, adminUserResponse, { method: 'DELETE' });
}

export interface AddVipInput {
  id: number;
  unit: VipUnit;
  amount: number;
}

/** PUT shop /users/{id}/add-vip?hours|days|months. */
export function addVip({ id, unit, amount }: AddVipInput): Promise<AdminUserResponse> {
  return apiFetch('shop', `/users/${id}/add-vip`, adminUserResponse, {
    method: 'PUT',
    query: { [VIP_UNIT_PARAM[unit]]: amount },
  });
}

export interface TransferAccountInput {
  userId: number;
  targetId: number;
}

/** POST shop /users/{userId}/transfer-account?targetId: everything moves; the source is left disabled. */
export function transferAccount({
  userId,
  targetId,
}: TransferAccountInput): Promise<AccountTransferResponse> {
  return apiFetch('shop', `/users/${userId}/transfer-account`, accountTransferResponse, {
    method: 'POST',
    query: { targetId },
  });
}

function useUserMutation<I, O>(mutationFn: (input: I) => Promise<O>, message: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void notify.success(message);
      return refreshAdminUsers(queryClient);
    },
  });
}

export const useUpdateUser = () => useUserMutation(updateUser, USER_UPDATED_MESSAGE);
export const useBanUser = () => useUserMutation(banUser, USER_BANNED_MESSAGE);
export const useUnbanUser = () => useUserMutation(unbanUser, USER_UNBANNED_MESSAGE);
export const useAddVip = () => useUserMutation(addVip, VIP_ADDED_MESSAGE);
export const useTransferAccount = () => useUserMutation(transferAccount, ACCOUNT_TRANSFERRED_MESSAGE);
