import {
  SUBSCRIPTION_DELETED_MESSAGE,
  SUBSCRIPTION_REFUNDED_MESSAGE,
  type SubscriptionResponse,
  subscriptionResponse,
} from '@ember/contracts/subscriptions';
import { useActionMutation } from '../../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { refreshDeveloperData } from '../../../../lib/developer/refresh-developer-data.ts';
import { noContent } from '../../../../lib/no-content.ts';

/** POST shop /subscriptions/refund with {id, amount}: credits back to the subscriber, the share taken back. */
export function refundSubscription(input: { id: number; amount: number }): Promise<SubscriptionResponse> {
  return apiFetch('shop', '/subscriptions/refund', subscriptionResponse, { method: 'POST', body: input });
}

/** DELETE shop /subscriptions/{id}. */
export async function deleteSubscription(id: number): Promise<void> {
  await apiFetch('shop', `/subscriptions/${id}`, noContent, { method: 'DELETE' });
}

export const useRefundSubscription = () =>
  useActionMutation({
    mutationFn: refundSubscription,
    success: SUBSCRIPTION_REFUNDED_MESSAGE,
    refresh: refreshDeveloperData,
  });

export const useDeleteSubscription = () =>
  useActionMutation({
    mutationFn: deleteSubscription,
    success: SUBSCRIPTION_DELETED_MESSAGE,
    refresh: refreshDeveloperData,
  });
