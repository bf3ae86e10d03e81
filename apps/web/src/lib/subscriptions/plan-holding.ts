import {
  type SubscriptionResponse,
  type SubscriptionStatus,
  subscriptionStatus,
} from '@ember/contracts/subscriptions';
import { formatLongDate } from '../format/dates.ts';

/** Subscriptions that still give the plan's plugins (a paused one resumes later). */
const HOLDING: readonly SubscriptionStatus[] = ['Active', 'Paused'];

export interface PlanHolding {
  /** The latest end among the held subscriptions; null when one of them is lifetime. */
  until: string | null;
  /** The prices the caller holds right now. */
  priceIds: ReadonlySet<number>;
}

/** What the caller already holds of a plan, or null when nothing. */
export function planHolding(
  subscriptions: readonly SubscriptionResponse[] | undefined,
  planId: number,
  now: Date,
): PlanHolding | null {
  const held = (subscriptions ?? []).filter(
    (sub) => sub.planId === planId && HOLDING.includes(subscriptionStatus(sub, now)),
  );
  if (held.length === 0) return null;
  const ends = held.map((sub) => sub.expireDate);
  const until = ends.includes(null)
    ? null
    : ends.reduce((latest, end) => (Date.parse(end ?? '') > Date.parse(latest ?? '') ? end : latest));
  return { until, priceIds: new Set(held.map((sub) => sub.priceId)) };
}

/** 'You already have this plan until 12 May 2027.' or '... for life.' */
export function planHoldingMessage(holding: PlanHolding): string {
  return holding.until === null
    ? 'You already have this plan for life.'
    : `You already have this plan until ${formatLongDate(holding.until)}.`;
}
