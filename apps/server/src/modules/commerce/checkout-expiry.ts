import type { Order } from '@ember/db/schema/commerce';

/**
 * Stripe keeps a Checkout Session open at least 30 minutes and at most 24 hours. A new attempt is
 * given at least 45 minutes, so the same expiry can be sent again by retries for 14 minutes
 * before it would come too close to the 30-minute floor (then a new expiry, and so a new key).
 */
const FRESH_MS = 45 * 60_000;
const REUSABLE_MS = 31 * 60_000;
const LONGEST_MS = 23 * 3_600_000;

/**
 * The expiry of the checkout attempt being opened for `order`: the one already fixed for it while
 * still usable, else the order's own expiry, kept within the processors' window, in whole seconds.
 * The order expiry sweep closes a checkout that outlives its order (issue 24, items 1 and 6).
 */
export function checkoutExpiry(
  order: Pick<Order, 'creationDate' | 'checkoutExpiresAt'>,
  now: Date,
  expiryMinutes: number,
): Date {
  const fixed = order.checkoutExpiresAt;
  if (fixed && fixed.getTime() >= now.getTime() + REUSABLE_MS) return fixed;
  const orderEnds = order.creationDate.getTime() + expiryMinutes * 60_000;
  const at = Math.min(Math.max(orderEnds, now.getTime() + FRESH_MS), now.getTime() + LONGEST_MS);
  return new Date(Math.ceil(at / 1000) * 1000);
}
