import { PAUSE_DAYS } from '@ember/contracts/constants';
import type { Period } from '@ember/contracts/enums';
import { formatCredits } from '@ember/contracts/format';
import type { SubscriptionResponse } from '@ember/contracts/subscriptions';

export type SubscriptionAction = 'extend' | 'pause' | 'unpause';

/** '450 credits', '1 credit', or 'Free' for 0. */
export function creditsText(credits: number): string {
  return credits === 0 ? 'Free' : `${formatCredits(credits)} ${credits === 1 ? 'credit' : 'credits'}`;
}

/** What one more period is, in words. */
const ONE_MORE: Record<Period, string> = {
  SIX_HOURS: 'another 6 hours',
  DAILY: 'one more day',
  WEEKLY: 'one more week',
  MONTHLY: 'one more month',
  YEARLY: 'one more year',
  LIFETIME: 'for life',
};

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
        message: `Extend ${subscriptionName(sub)} by ${ONE_MORE[sub.subscriptionPeriod]} for ${creditsText(extensionCost(sub))}? The credits are taken from your balance now, and a subscription can be extended once.`,
        confirmLabel: `Extend for ${creditsText(extensionCost(sub))}`,
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
