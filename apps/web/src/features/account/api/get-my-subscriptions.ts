import { type SubscriptionResponse, subscriptionsResponse } from '@ember/contracts/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { SUBSCRIPTIONS_QUERY_KEY } from '../../../lib/shared-query-keys.ts';

/**
 * Every cached subscription list starts with this key. Buying or gifting on the plan page
 * invalidates it as well (by the same resource name), so this list is fresh after a purchase.
 */

/** GET shop /subscriptions/my: the caller's subscriptions in every state, newest purchase first. */
export async function getMySubscriptions(): Promise<SubscriptionResponse[]> {
  return apiFetch('shop', '/subscriptions/my', subscriptionsResponse);
}

export function mySubscriptionsQueryOptions() {
  return queryOptions({ queryKey: [...SUBSCRIPTIONS_QUERY_KEY, 'my'], queryFn: getMySubscriptions });
}

export function useMySubscriptions() {
  return useQuery(mySubscriptionsQueryOptions());
}
