import { type SubscriptionResponse, subscriptionsResponse } from '@ember/contracts/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client.ts';
import { subscriptionKeys } from '../query-keys/subscriptions.ts';

// Shared: the account page lists these, and the shop and plan page say which plans the caller
// already holds. Buying or gifting invalidates subscriptionKeys.all, so every view is fresh.

/** GET shop /subscriptions/my: the caller's subscriptions in every state, newest purchase first. */
export async function getMySubscriptions(): Promise<SubscriptionResponse[]> {
  return apiFetch('shop', '/subscriptions/my', subscriptionsResponse);
}

export function mySubscriptionsQueryOptions() {
  return queryOptions({ queryKey: subscriptionKeys.mine(), queryFn: getMySubscriptions });
}

export function useMySubscriptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...mySubscriptionsQueryOptions(), enabled });
}
