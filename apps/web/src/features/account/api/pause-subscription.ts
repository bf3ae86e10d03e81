import { PAUSE_DAYS } from '@ember/contracts/constants';
import {
  SUBSCRIPTION_PAUSED_MESSAGE,
  type SubscriptionResponse,
  subscriptionResponse,
} from '@ember/contracts/subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../components/ui/toast/notify.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { subscriptionKeys } from '../../../lib/query-keys/subscriptions.ts';

/** PUT shop /subscriptions/{id}/pause?days: the one pause, for the spec's 14 days. */
export async function pauseSubscription(id: number): Promise<SubscriptionResponse> {
  return apiFetch('shop', `/subscriptions/${id}/pause`, subscriptionResponse, {
    method: 'PUT',
    query: { days: PAUSE_DAYS },
  });
}

export function usePauseSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pauseSubscription,
    onSuccess: async () => {
      void notify.success(SUBSCRIPTION_PAUSED_MESSAGE);
      await queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
    },
  });
}
