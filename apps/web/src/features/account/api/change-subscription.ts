import { type SubscriptionResponse, subscriptionResponse } from '@ember/contracts/subscriptions';
import { apiFetch, type QueryParams } from '../../../lib/api-client.ts';

/** PUT shop /subscriptions/{id}/{change}: a change subscribers make to their own subscription; answers it as it now is. */
export function changeSubscription(
  id: number,
  change: 'pause' | 'unpause' | 'extend',
  query?: QueryParams,
): Promise<SubscriptionResponse> {
  return apiFetch('shop', `/subscriptions/${id}/${change}`, subscriptionResponse, { method: 'PUT', query });
}
