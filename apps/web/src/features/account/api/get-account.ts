import { type CurrentUser, currentUserResponse } from '@ember/contracts/identity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { CURRENT_USER_QUERY_KEY } from '../../../lib/auth/current-user-query-key.ts';

/** GET shop /users/me: the signed-in account with its registration date and VIP end. */
export async function getAccount(): Promise<CurrentUser> {
  return apiFetch('shop', '/users/me', currentUserResponse);
}

/**
 * The same cache entry as the nav's user (sign-in seeds it), so the summary shows at once and one
 * invalidation after a balance change refreshes both.
 */
export function accountQueryOptions() {
  return queryOptions({ queryKey: CURRENT_USER_QUERY_KEY, queryFn: getAccount });
}

export function useAccount() {
  return useQuery(accountQueryOptions());
}
