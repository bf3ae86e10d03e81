import {
  HOURS_ADDED_MESSAGE,
  SUBSCRIPTION_DELETED_MESSAGE,
  SUBSCRIPTION_PAUSED_MESSAGE,
  SUBSCRIPTION_REFUNDED_MESSAGE,
  SUBSCRIPTION_UNPAUSED_MESSAGE,
  type SubscriptionResponse,
  subscriptionResponse,
  subscriptionsResponse,
} from '@ember/contracts/subscriptions';
import { useQuery } from '@tanstack/react-query';
import { useActionMutation } from '../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { noContent } from '../../../lib/no-content.ts';
import { adminKeys } from '../../../lib/query-keys/admin.ts';
import { subscriptionKeys } from '../../../lib/query-keys/subscriptions.ts';
import { keyedQueryOptions } from '../../../lib/query-options.ts';

/** GET shop /subscriptions/by-user/{userId}: every subscription of the user, in every state. */
export function getUserSubscriptions(userId: number): Promise<SubscriptionResponse[]> {
  return apiFetch('shop', `/subscriptions/by-user/${userId}`, subscriptionsResponse);
}

const userSubscriptionsQuery = keyedQueryOptions(subscriptionKeys.byUser, getUserSubscriptions);

export const useUserSubscriptions = (userId: number) => useQuery(userSubscriptionsQuery(userId));

/** PUT shop /subscriptions/{id}/add-hours?hours */
export function addSubscriptionHours({ id, hours }: { id: number; hours: number }) {
  return apiFetch('shop', `/subscriptions/${id}/add-hours`, subscriptionResponse, {
    method: 'PUT',
    query: { hours },
  });
}

/** POST shop /subscriptions/refund {id, amount}: credits back to the subscriber (amount defaults to the price paid). */
export function refundUserSubscription(input: { id: number; amount?: number }) {
  return apiFetch('shop', '/subscriptions/refund', subscriptionResponse, { method: 'POST', body: input });
}

/** DELETE shop /subscriptions/{id}. */
export async function deleteUserSubscription({ id }: { id: number }): Promise<void> {
  await apiFetch('shop', `/subscriptions/${id}`, noContent, { method: 'DELETE' });
}

/** PUT shop /subscriptions/{id}/pause?days (once, at most 14 days). */
export function pauseUserSubscription({ id, days }: { id: number; days: number }) {
  return apiFetch('shop', `/subscriptions/${id}/pause`, subscriptionResponse, {
    method: 'PUT',
    query: { days },
  });
}

/** PUT shop /subscriptions/{id}/unpause. */
export function unpauseUserSubscription({ id }: { id: number }) {
  return apiFetch('shop', `/subscriptions/${id}/unpause`, subscriptionResponse, { method: 'PUT' });
}

function useSubscriptionMutation<I>(mutationFn: (input: I) => Promise<unknown>, message: string) {
  // A refund changes the balance the users table shows.
  return useActionMutation({
    mutationFn,
    success: message,
    refresh: [subscriptionKeys.all, adminKeys.users],
  });
}

export const useAddSubscriptionHours = () =>
  useSubscriptionMutation(addSubscriptionHours, HOURS_ADDED_MESSAGE);
export const useRefundUserSubscription = () =>
  useSubscriptionMutation(refundUserSubscription, SUBSCRIPTION_REFUNDED_MESSAGE);
export const useDeleteUserSubscription = () =>
  useSubscriptionMutation(deleteUserSubscription, SUBSCRIPTION_DELETED_MESSAGE);
export const usePauseUserSubscription = () =>
  useSubscriptionMutation(pauseUserSubscription, SUBSCRIPTION_PAUSED_MESSAGE);
export const useUnpauseUserSubscription = () =>
  useSubscriptionMutation(unpauseUserSubscription, SUBSCRIPTION_UNPAUSED_MESSAGE);
