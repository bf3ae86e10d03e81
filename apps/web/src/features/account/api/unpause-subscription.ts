import { SUBSCRIPTION_UNPAUSED_MESSAGE } from '@ember/contracts/subscriptions';
import { useActionMutation } from '../../../hooks/use-action-mutation.ts';
import { subscriptionKeys } from '../../../lib/query-keys/subscriptions.ts';
import { changeSubscription } from './change-subscription.ts';

/** PUT shop /subscriptions/{id}/unpause: ends the pause early; the time that was left is kept. */
export const unpauseSubscription = (id: number) => changeSubscription(id, 'unpause');

export const useUnpauseSubscription = () =>
  useActionMutation({
    mutationFn: unpauseSubscription,
    success: SUBSCRIPTION_UNPAUSED_MESSAGE,
    refresh: [subscriptionKeys.all],
  });
