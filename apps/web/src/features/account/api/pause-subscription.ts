import { PAUSE_DAYS } from '@ember/contracts/constants';
import { SUBSCRIPTION_PAUSED_MESSAGE } from '@ember/contracts/subscriptions';
import { useActionMutation } from '../../../hooks/use-action-mutation.ts';
import { subscriptionKeys } from '../../../lib/query-keys/subscriptions.ts';
import { changeSubscription } from './change-subscription.ts';

/** PUT shop /subscriptions/{id}/pause?days: the one pause, for the spec's 14 days. */
export const pauseSubscription = (id: number) => changeSubscription(id, 'pause', { days: PAUSE_DAYS });

export const usePauseSubscription = () =>
  useActionMutation({
    mutationFn: pauseSubscription,
    success: SUBSCRIPTION_PAUSED_MESSAGE,
    refresh: [subscriptionKeys.all],
  });
