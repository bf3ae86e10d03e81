import { type SubscriptionResponse, subscriptionsResponse } from '@ember/contracts/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client.ts';
import { SUBSCRIPTIONS_QUERY_KEY } from '../shared-query-keys.ts';

// Shared: the account page lists these, and the shop and plan page say which plans the caller
// already holds. Buying or gifting invalidates SUBSCRIPTIONS_QUERY_KEY, so every view is fresh.

/** GET shop /subscriptions/my: the caller's subscriptions in every state, newest purchase first. */
export async function getMySubscriptions(): Promise<SubscriptionResponse[]> {
  return apiFetch('shop', '/subscriptions/my', subscriptionsResponse);
}

export function mySubscriptionsQueryOptions() {
  return queryOptions({ queryKey: [...SUBSCRIPTIONS_QUERY_KEY, 'my'], queryFn: getMySubscriptions });
}

export function useMySubscriptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...mySubscriptionsQueryOptions(), enabled });
}
