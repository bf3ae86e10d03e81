import { subscriptions } from '@ember/db/schema/subscriptions';
import { and, desc, eq } from 'drizzle-orm';
import { firstRowOrNull } from '../../lib/first-row.ts';
import type { HandedDb } from './db.ts';

/**
 * The account's latest subscription to a plan, active or not (issue 35: a player reviews a plan
 * while or after holding it), with its price and what they paid; null when they never held one.
 */
export function findLatestSubscriptionToPlan(db: HandedDb, userId: number, planId: number) {
  return firstRowOrNull(
    db
      .select({ priceId: subscriptions.priceId, purchasePrice: subscriptions.purchasePrice })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.planId, planId)))
      .orderBy(desc(subscriptions.purchaseDate), desc(subscriptions.id))
      .limit(1),
  );
}
