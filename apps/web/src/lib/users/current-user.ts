import type { CurrentUser } from '@ember/contracts/identity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client.ts';
import { identityContracts } from '../identity-contracts.ts';
import { userKeys } from '../query-keys/users.ts';

/**
 * GET shop /users/me: the signed-in account (balance, roles, VIP, registration date). One cache
 * entry for the nav and the account page (sign-in seeds it), so one invalidation after a balance
 * change refreshes both. The identity schemas load with the first call, not with the app shell.
 */
export async function getCurrentUser(): Promise<CurrentUser> {
  return apiFetch(
    'shop',
    '/users/me',
    identityContracts().then((c) => c.currentUserResponse),
  );
}

export function currentUserQueryOptions() {
  return queryOptions({ queryKey: userKeys.me, queryFn: getCurrentUser });
}

/** Runs only while `enabled` (the nav asks only while signed in). */
export function useCurrentUser({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...currentUserQueryOptions(), enabled });
}
