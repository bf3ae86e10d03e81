import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { subscriptions } from '../schema/subscriptions.ts';

/** What the rule reads of a subscription: the table's columns, or a projection's of them. */
interface SubscriptionTimes {
  paused: SQLWrapper;
  expireDate: SQLWrapper;
}

/**
 * A subscription is active, and holds its place (a slot, a reason to keep its plan), while it has
 * not run out: lifetime (no expire date), expiring in the future, or paused (the remaining time
 * resumes later, even when its expire date passes during the pause). The one definition of
 * "active" (decision 0045): the shop's sub counts and popularity, the purchase's slot check, votes,
 * entitlements (active and not paused) all filter by it, so "full" means the same thing to buyer
 * and shop. `now` is a date or a statement parameter; `of` a projection of subscriptions.
 * The views' JS rule (contracts' isSubscriptionExpired) is tested against it.
 */
export function isActiveSubscription(now: Date | SQL, of: SubscriptionTimes = subscriptions): SQL {
  const at = now instanceof Date ? sql`${now.toISOString()}::timestamptz` : sql`${now}::timestamptz`;
  return sql`(${of.paused} or ${of.expireDate} is null or ${of.expireDate} > ${at})`;
}

/**
 * The same rule as SQL text over the `subscriptions` table (unaliased), for hand-written
 * statements; `now` is the text of a timestamptz parameter, such as '$1'.
 */
export const activeSubscriptionSqlText = (now: string): string =>
  new PgDialect().sqlToQuery(isActiveSubscription(sql.raw(now))).sql;
