import {
  SUBSCRIPTION_UNPAUSED_MESSAGE,
  type SubscriptionResponse,
  subscriptionResponse,
} from '@ember/contracts/subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../components/ui/toast/notify.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { subscriptionKeys } from '../../../lib/query-keys/subscriptions.ts';

/** PUT shop /subscriptions/{id}/unpause: ends the pause early; the time that was left is kept. */
export async function unpauseSubscription(id: number): Promise<SubscriptionResponse> {
  return apiFetch('shop', `/subscriptions/${id}/unpause`, subscriptionResponse, { method: 'PUT' });
}

export function useUnpauseSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unpauseSubscription,
    onSuccess: async () => {
      void notify.success(SUBSCRIPTION_UNPAUSED_MESSAGE);
      await queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
    },
  });
}
