import {
  SUBSCRIPTION_EXTENDED_MESSAGE,
  type SubscriptionResponse,
  subscriptionResponse,
} from '@ember/contracts/subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../components/ui/toast/notify.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { subscriptionKeys } from '../../../lib/query-keys/subscriptions.ts';
import { transactionKeys } from '../../../lib/query-keys/transactions.ts';
import { userKeys } from '../../../lib/query-keys/users.ts';

/** PUT shop /subscriptions/{id}/extend: one more period at the extension price, paid with credits. */
export async function extendSubscription(id: number): Promise<SubscriptionResponse> {
  return apiFetch('shop', `/subscriptions/${id}/extend`, subscriptionResponse, { method: 'PUT' });
}

/** Extending costs credits: the subscription list, the balance (nav included) and the ledger refresh. */
export function useExtendSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: extendSubscription,
    onSuccess: async () => {
      void notify.success(SUBSCRIPTION_EXTENDED_MESSAGE);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.me }),
        queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
      ]);
    },
  });
}
