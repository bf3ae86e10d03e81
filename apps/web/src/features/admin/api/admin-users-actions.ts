import {
  ACCOUNT_TRANSFERRED_MESSAGE,
  type AccountTransferResponse,
  type AddVipValues,
  type AdminUserResponse,
  accountTransferResponse,
  adminUserResponse,
  type UpdateUserBody,
  USER_BANNED_MESSAGE,
  USER_UNBANNED_MESSAGE,
  USER_UPDATED_MESSAGE,
  VIP_ADDED_MESSAGE,
  VIP_UNIT_PARAM,
} from '@ember/contracts/admin-users';
import type { QueryClient } from '@tanstack/react-query';
import { useActionMutation } from '../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys/admin.ts';
import { orderKeys } from '../../../lib/query-keys/orders.ts';
import { sessionKeys } from '../../../lib/query-keys/sessions.ts';
import { subscriptionKeys } from '../../../lib/query-keys/subscriptions.ts';
import { transactionKeys } from '../../../lib/query-keys/transactions.ts';

/** After a change to an account: the users table and panel, and what the account holds. */
export function refreshAdminUsers(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.users }),
    queryClient.invalidateQueries({ queryKey: sessionKeys.adminAll }),
    queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
    queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
    queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  ]);
}

/** The user and the contract's body (its `reason` is required by the server when the balance changes). */
export type UpdateUserInput = UpdateUserBody & { id: number };

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

/** The user and the "Add VIP" form's values as the contract parses them. */
export type AddVipInput = AddVipValues & { id: number };

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
  return useActionMutation({ mutationFn, success: message, refresh: refreshAdminUsers });
}

export const useUpdateUser = () => useUserMutation(updateUser, USER_UPDATED_MESSAGE);
export const useBanUser = () => useUserMutation(banUser, USER_BANNED_MESSAGE);
export const useUnbanUser = () => useUserMutation(unbanUser, USER_UNBANNED_MESSAGE);
export const useAddVip = () => useUserMutation(addVip, VIP_ADDED_MESSAGE);
export const useTransferAccount = () => useUserMutation(transferAccount, ACCOUNT_TRANSFERRED_MESSAGE);
