import {
  SUBSCRIPTION_EXTENDED_MESSAGE,
  type SubscriptionResponse,
  subscriptionResponse,
} from '@ember/contracts/subscriptions';
import { useActionMutation } from '../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { subscriptionKeys } from '../../../lib/query-keys/subscriptions.ts';
import { transactionKeys } from '../../../lib/query-keys/transactions.ts';
import { userKeys } from '../../../lib/query-keys/users.ts';

/** PUT shop /subscriptions/{id}/extend: one more period at the extension price, paid with credits. */
export async function extendSubscription(id: number): Promise<SubscriptionResponse> {
  return apiFetch('shop', `/subscriptions/${id}/extend`, subscriptionResponse, { method: 'PUT' });
}

/** Extending costs credits: the subscription list, the balance (nav included) and the ledger refresh. */
export const useExtendSubscription = () =>
  useActionMutation({
    mutationFn: extendSubscription,
    success: SUBSCRIPTION_EXTENDED_MESSAGE,
    refresh: [subscriptionKeys.all, userKeys.me, transactionKeys.all],
  });
