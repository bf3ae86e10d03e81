import { PAUSE_DAYS } from '@ember/contracts/constants';
import type { SubscriptionResponse } from '@ember/contracts/subscriptions';
import { creditsLabel } from '../../../lib/format/money.ts';
import { oneMorePeriod } from '../../../lib/format/periods.ts';

export type SubscriptionAction = 'extend' | 'pause' | 'unpause';

/** What extending costs: the extension price, or the price itself for old prices without one (as the server charges). */
export function extensionCost(sub: Pick<SubscriptionResponse, 'extensionPrice' | 'price'>): number {
  return sub.extensionPrice ?? sub.price.extensionPrice ?? sub.price.price;
}

/** 'Rooftop Runner (Monthly)' */
export function subscriptionName(sub: Pick<SubscriptionResponse, 'planName' | 'priceName'>): string {
  return `${sub.planName} (${sub.priceName})`;
}

export interface ActionConfirmation {
  title: string;
  message: string;
  confirmLabel: string;
}

/** What each action's confirmation says happens (spec §4 rules, §5: confirm before each). */
export function confirmationOf(action: SubscriptionAction, sub: SubscriptionResponse): ActionConfirmation {
  switch (action) {
    case 'extend':
      return {
        title: 'Extend subscription',
        message: `Extend ${subscriptionName(sub)} by ${oneMorePeriod(sub.subscriptionPeriod)} for ${creditsLabel(extensionCost(sub))}? The credits are taken from your balance now, and a subscription can be extended once.`,
        confirmLabel: `Extend for ${creditsLabel(extensionCost(sub))}`,
      };
    case 'pause':
      return {
        title: `Pause ${subscriptionName(sub)}`,
        message: `Pause for ${PAUSE_DAYS} days? You can pause a subscription only once. The time you have left is kept and runs again when the pause ends or you unpause.`,
        confirmLabel: `Pause for ${PAUSE_DAYS} days`,
      };
    case 'unpause':
      return {
        title: `Unpause ${subscriptionName(sub)}`,
        message: 'Resume the subscription now? Unpausing forfeits any further pause.',
        confirmLabel: 'Unpause',
      };
  }
}
