import { subscriptions } from '@ember/db/schema/subscriptions';
import { sql } from 'drizzle-orm';

/**
 * A subscription holds its slot while it has not run out: lifetime, expiring in the future, or
 * paused (its remaining time resumes later, even when the expire date passes during the pause).
 * The catalog's sub counts use the same rule, so "full" means the same thing to buyer and shop.
 */
export const isActiveSubscription = (now: Date) =>
  sql`(${subscriptions.paused} or ${subscriptions.expireDate} is null or ${subscriptions.expireDate} > ${now.toISOString()}::timestamptz)`;
