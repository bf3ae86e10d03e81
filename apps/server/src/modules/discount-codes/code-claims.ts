import { discountCodes } from '@ember/db/schema/discount-codes';
import type { Db } from '@ember/db/types';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';

/**
 * Counts one use of a code in a single conditional UPDATE, so concurrent buyers can never use it
 * more than max_uses times. Returns its percent, or null when it cannot be used for this price now.
 * In the sale's transaction, so the use is rolled back with a sale that fails.
 */
export async function claimDiscountCode(tx: Db, code: string, priceId: number, now: Date) {
  const [row] = await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1` })
    .where(
      and(
        eq(discountCodes.id, code),
        eq(discountCodes.priceId, priceId),
        eq(discountCodes.enabled, true),
        or(isNull(discountCodes.validUntil), gt(discountCodes.validUntil, now)),
        or(eq(discountCodes.maxUses, 0), lt(discountCodes.uses, discountCodes.maxUses)),
      ),
    )
    .returning({ discountPercent: discountCodes.discountPercent });
  return row?.discountPercent ?? null;
}
