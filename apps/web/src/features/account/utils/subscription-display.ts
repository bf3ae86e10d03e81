import { PAUSE_DAYS } from '@ember/contracts/constants';
import { pauseSpan, type SubscriptionResponse } from '@ember/contracts/subscriptions';
import { formatLongDate } from '../../../lib/format/dates.ts';
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

/**
 * What each action's confirmation says happens (spec §4 rules, §5: confirm before each); a pause
 * names its dates, counted from `now`, when it is asked.
 */
export function confirmationOf(
  action: SubscriptionAction,
  sub: SubscriptionResponse,
  now: Date,
): ActionConfirmation {
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
        message: `${pauseMessage(sub, now)} You can pause a subscription only once; if you unpause earlier, the time you have left runs again from then.`,
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

/** 'Paused from 27 November 2026 to 11 December 2026; your plugins stop until then and …' */
function pauseMessage(sub: SubscriptionResponse, now: Date): string {
  const span = pauseSpan(now, PAUSE_DAYS, sub.expireDate);
  const ends = span.endsAt ? ` and the subscription now ends ${formatLongDate(span.endsAt)}` : '';
  return `Paused from ${formatLongDate(span.from)} to ${formatLongDate(span.until)}; your plugins stop until then${ends}.`;
}
