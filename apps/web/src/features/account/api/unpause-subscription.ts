import {
  SUBSCRIPTION_UNPAUSED_MESSAGE,
  type SubscriptionResponse,
  subscriptionResponse,
} from '@ember/contracts/subscriptions';
import { useActionMutation } from '../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { subscriptionKeys } from '../../../lib/query-keys/subscriptions.ts';

/** PUT shop /subscriptions/{id}/unpause: ends the pause early; the time that was left is kept. */
export async function unpauseSubscription(id: number): Promise<SubscriptionResponse> {
  return apiFetch('shop', `/subscriptions/${id}/unpause`, subscriptionResponse, { method: 'PUT' });
}

export const useUnpauseSubscription = () =>
  useActionMutation({
    mutationFn: unpauseSubscription,
    success: SUBSCRIPTION_UNPAUSED_MESSAGE,
    refresh: [subscriptionKeys.all],
  });
