import { REVIEW_NEVER_RAN_MESSAGE, REVIEW_NOT_SUBSCRIBER_MESSAGE } from '@ember/contracts/reviews';
import type { HandedDb } from './db.ts';

/**
 * What the reviews module asks the modules that hold the facts (decision 0035): app.ts hands in
 * their index functions. A plan's plugins are those linked to any of its prices.
 */
export interface ReviewFacts {
  findPlan(
    db: HandedDb,
    planId: number,
  ): Promise<{ ownerId: number; name: string; ownerDisplayName: string; priceIds: number[] } | null>;
  findLatestSubscription(
    db: HandedDb,
    userId: number,
    planId: number,
  ): Promise<{ priceId: number; purchasePrice: number } | null>;
  findPriceName(db: HandedDb, priceId: number): Promise<string | null>;
  findPluginIdsOfPrices(db: HandedDb, priceIds: number[]): Promise<number[]>;
  findRunTime(
    db: HandedDb,
    userId: number,
    pluginIds: readonly number[],
  ): Promise<{ sessions: number; seconds: number }>;
}

export type Eligibility =
  | { ok: true; ranSeconds: number; priceName: string; pricePaid: number }
  | { ok: false; reason: 'NOT_SUBSCRIBER' | 'NEVER_RAN'; message: string };

/** Whether the player may review the plan now (held a subscription to it and ran one of its plugins), and what verifies it. */
export async function checkEligibility(
  db: HandedDb,
  facts: ReviewFacts,
  plan: { priceIds: number[] },
  planId: number,
  userId: number,
): Promise<Eligibility> {
  const subscription = await facts.findLatestSubscription(db, userId, planId);
  if (!subscription) return { ok: false, reason: 'NOT_SUBSCRIBER', message: REVIEW_NOT_SUBSCRIBER_MESSAGE };
  const [pluginIds, priceName] = await Promise.all([
    facts.findPluginIdsOfPrices(db, plan.priceIds),
    facts.findPriceName(db, subscription.priceId),
  ]);
  const run = await facts.findRunTime(db, userId, pluginIds);
  if (run.sessions === 0) return { ok: false, reason: 'NEVER_RAN', message: REVIEW_NEVER_RAN_MESSAGE };
  return {
    ok: true,
    ranSeconds: run.seconds,
    priceName: priceName ?? '',
    pricePaid: subscription.purchasePrice,
  };
}
