import { sql } from 'drizzle-orm';
import { subscriptions } from '../schema/subscriptions.ts';

/**
 * A subscription holds its place (a slot, a reason to keep its plan) while it has not run out:
 * lifetime (no expire date), expiring in the future, or paused (the remaining time resumes later,
 * even when its expire date passes during the pause). The shop's sub counts and the purchase's
 * slot check share this one rule, so "full" means the same thing to buyer and shop.
 */
export const isActiveSubscription = (now: Date) =>
  sql`(${subscriptions.paused} or ${subscriptions.expireDate} is null or ${subscriptions.expireDate} > ${now.toISOString()}::timestamptz)`;
