import { activeSubscriptionSqlText, isActiveSubscription } from '@ember/db/predicates/active-subscription';
import { preparedStatement } from '@ember/db/prepared';
import { subscriptions } from '@ember/db/schema/subscriptions';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { HandedDb } from './db.ts';
import { countActiveSubscriptionsOfPrice } from './purchase.repository.ts';

// How many subscriptions plans and prices have: what the catalog (below this module on the ladder)
// shows and sorts by, handed to it by app.ts (decision 0035).

/**
 * Each plan's active subscriptions (the rule of isActiveSubscription) at the timestamptz parameter
 * `now` (for example '$1'), as rows (plan_id, active): a table to join in the shop's hand-written
 * statements, which sort by popularity in one statement (plans without any have no row).
 */
export const activeSubscriptionCountsSql = (now: string) =>
  `select plan_id, count(*)::int as active from subscriptions
              where ${activeSubscriptionSqlText(now)}
              group by plan_id`;

const activeCountsStatement = preparedStatement<{ plan_id: number; active: number }>(
  'shop_active_counts',
  activeSubscriptionCountsSql('$1'),
);

/** Active subscriptions per plan id at `now` (plans without any are left out). */
export async function loadActiveSubscriptionCounts(db: HandedDb, now: Date): Promise<Map<number, number>> {
  const rows = await activeCountsStatement(db, [now.toISOString()]);
  return new Map(rows.map((row) => [row.plan_id, row.active]));
}

/**
 * Per price: how many subscriptions are active and when the next running one ends. A paused
 * subscription does not end on its expire date (it resumes later), so it is not "expiring".
 */
export function findActiveSubscriptionStats(db: HandedDb, priceIds: number[], now: Date) {
  return db
    .select({
      priceId: subscriptions.priceId,
      subCount: sql<number>`count(*)::int`,
      // Active and not paused: running, so ending on its expire date (lifetime ones have none).
      nextExpiry: sql<
        Date | string | null
      >`min(${subscriptions.expireDate}) filter (where not ${subscriptions.paused})`,
    })
    .from(subscriptions)
    .where(and(inArray(subscriptions.priceId, priceIds), isActiveSubscription(now)))
    .groupBy(subscriptions.priceId);
}

/** Whether any subscription, running or past, was ever sold or gifted of the plan. */
export async function planHasSubscriptions(db: HandedDb, planId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.planId, planId))
    .limit(1);
  return row !== undefined;
}

/** Everything the catalog counts of subscriptions, as app.ts hands it to createCatalogServices. */
export const subscriptionCountsForCatalog = {
  activeSubscriptionCounts: loadActiveSubscriptionCounts,
  activeSubscriptionCountsSql,
  activeSubscriptionsOfPrice: countActiveSubscriptionsOfPrice,
  activeSubscriptionStats: findActiveSubscriptionStats,
  planHasSubscriptions,
};
