import { PAUSE_DAYS } from '@ember/contracts/constants';
import {
  SUBSCRIPTION_PAUSED_MESSAGE,
  type SubscriptionResponse,
  subscriptionResponse,
} from '@ember/contracts/subscriptions';
import { useActionMutation } from '../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { subscriptionKeys } from '../../../lib/query-keys/subscriptions.ts';

/** PUT shop /subscriptions/{id}/pause?days: the one pause, for the spec's 14 days. */
export async function pauseSubscription(id: number): Promise<SubscriptionResponse> {
  return apiFetch('shop', `/subscriptions/${id}/pause`, subscriptionResponse, {
    method: 'PUT',
    query: { days: PAUSE_DAYS },
  });
}

export const usePauseSubscription = () =>
  useActionMutation({
    mutationFn: pauseSubscription,
    success: SUBSCRIPTION_PAUSED_MESSAGE,
    refresh: [subscriptionKeys.all],
  });
