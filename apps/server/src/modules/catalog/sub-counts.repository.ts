import { isActiveSubscription } from '@ember/db/predicates/active-subscription';
import { subscriptions } from '@ember/db/schema/subscriptions';
import type { Db } from '@ember/db/types';
import { and, inArray, sql } from 'drizzle-orm';

/**
 * Per price: how many subscriptions are active and when the next running one ends. A paused
 * subscription does not end on its expire date (it resumes later), so it is not "expiring".
 */
export function findActiveSubscriptionStats(db: Db, priceIds: number[], now: Date) {
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  return db
    .select({
      priceId: subscriptions.priceId,
      subCount: sql<number>`count(*)::int`,
      nextExpiry: sql<
        Date | string | null
      >`min(${subscriptions.expireDate}) filter (where not ${subscriptions.paused} and ${subscriptions.expireDate} > ${nowParam})`,
    })
    .from(subscriptions)
    .where(and(inArray(subscriptions.priceId, priceIds), isActiveSubscription(now)))
    .groupBy(subscriptions.priceId);
}
