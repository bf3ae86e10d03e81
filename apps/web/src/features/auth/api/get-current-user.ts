import type { CurrentUser } from '@ember/contracts/identity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { CURRENT_USER_QUERY_KEY } from '../../../lib/auth/current-user-query-key.ts';
import { identityContracts } from './identity-contracts.ts';

/** GET shop /users/me: the signed-in account (balance, roles, VIP). */
export async function getCurrentUser(): Promise<CurrentUser> {
  return apiFetch(
    'shop',
    '/users/me',
    identityContracts().then((c) => c.currentUserResponse),
  );
}

export function currentUserQueryOptions() {
  return queryOptions({ queryKey: CURRENT_USER_QUERY_KEY, queryFn: getCurrentUser });
}

/** Runs only while signed in; sign-in seeds the cache with the user from POST /token. */
export function useCurrentUser({ enabled }: { enabled: boolean }) {
  return useQuery({ ...currentUserQueryOptions(), enabled });
}
