import { SUBSCRIPTION_EXTENDED_MESSAGE } from '@ember/contracts/subscriptions';
import { useActionMutation } from '../../../hooks/use-action-mutation.ts';
import { subscriptionKeys } from '../../../lib/query-keys/subscriptions.ts';
import { transactionKeys } from '../../../lib/query-keys/transactions.ts';
import { userKeys } from '../../../lib/query-keys/users.ts';
import { changeSubscription } from './change-subscription.ts';

/** PUT shop /subscriptions/{id}/extend: one more period at the extension price, paid with credits. */
export const extendSubscription = (id: number) => changeSubscription(id, 'extend');

/** Extending costs credits: the subscription list, the balance (nav included) and the ledger refresh. */
export const useExtendSubscription = () =>
  useActionMutation({
    mutationFn: extendSubscription,
    success: SUBSCRIPTION_EXTENDED_MESSAGE,
    refresh: [subscriptionKeys.all, userKeys.me, transactionKeys.all],
  });
