import { type UserLookup, userLookupResponse } from '@ember/contracts/identity';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api-client.ts';
import { userLookupKeys } from '../query-keys/user-lookups.ts';

/**
 * GET shop /users/lookup?discordId: who a Discord id is. Gifts and credit transfers (two features)
 * show the receiver's name before the irreversible confirmation, so this lives in the shared layer.
 */
export async function lookUpUser(discordId: string): Promise<UserLookup> {
  return apiFetch('shop', '/users/lookup', userLookupResponse, { query: { discordId } });
}

export function userLookupQueryOptions(discordId: string) {
  return queryOptions({
    queryKey: userLookupKeys.one(discordId),
    queryFn: () => lookUpUser(discordId),
    // "No user with that Discord ID." is an answer, not a glitch to retry.
    retry: false,
    staleTime: 60_000,
  });
}

/** How a receiver is named in a confirmation: 'Vera VIP (@vip)'. */
export function receiverName(user: Pick<UserLookup, 'displayName' | 'username'>): string {
  return `${user.displayName} (@${user.username})`;
}
