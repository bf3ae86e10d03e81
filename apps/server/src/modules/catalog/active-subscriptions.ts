import { subscriptions } from '@ember/db/schema/subscriptions';
import { sql } from 'drizzle-orm';

/**
 * A subscription holds its place (a slot, a reason to keep its plan) while it has not run out:
 * lifetime (no expire date), expiring in the future, or paused (the remaining time resumes later,
 * even when its expire date passes during the pause).
 */
export const isActiveSubscription = (now: Date) =>
  sql`(${subscriptions.paused} or ${subscriptions.expireDate} is null or ${subscriptions.expireDate} > ${now.toISOString()}::timestamptz)`;
