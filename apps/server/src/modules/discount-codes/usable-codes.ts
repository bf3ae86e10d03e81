import { DISCOUNT_CODE_UNKNOWN_MESSAGE } from '@ember/contracts/subscriptions';
import { discountCodes as codes } from '@ember/db/schema/discount-codes';
import { and, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { Invalid } from '../../lib/errors.ts';
import type { HandedDb } from './db.ts';

// What makes a discount code usable, written once (decision 0045): the buyer's check before
// confirming and the sale's claim filter by the same predicate, and a refusal names the first of
// its conditions that failed.

/** A discount code that did not work: each one counts as a failed attempt (guessing is limited). */
export class DiscountCodeRefused extends Invalid {}

const USED_UP_MESSAGE = 'This discount code has been used up.';

/** The conditions a code must meet beyond existing, each with the words a buyer reads when it fails. */
const conditions = (priceId: number, now: Date): { holds: SQL; refusal: string }[] => [
  { holds: eq(codes.priceId, priceId), refusal: 'This discount code is not valid for this price.' },
  { holds: eq(codes.enabled, true), refusal: 'This discount code is disabled.' },
  {
    holds: or(isNull(codes.validUntil), gt(codes.validUntil, now)) as SQL,
    refusal: 'This discount code has expired.',
  },
  {
    holds: or(eq(codes.maxUses, 0), lt(codes.uses, codes.maxUses)) as SQL,
    refusal: USED_UP_MESSAGE,
  },
];

/** A usable code: this code, for this price, enabled, not past its date, not used up. */
export const usableCode = (code: string, priceId: number, now: Date): SQL =>
  and(eq(codes.id, code), ...conditions(priceId, now).map(({ holds }) => holds)) as SQL;

/** Why the code is not usable, read from the same conditions. */
async function refusalOf(
  db: HandedDb,
  code: string,
  priceId: number,
  now: Date,
): Promise<DiscountCodeRefused> {
  const checked = conditions(priceId, now);
  const [row] = await db
    .select(Object.fromEntries(checked.map(({ holds }, i) => [`c${i}`, sql<boolean>`${holds}`])))
    .from(codes)
    .where(eq(codes.id, code));
  if (!row) return new DiscountCodeRefused(DISCOUNT_CODE_UNKNOWN_MESSAGE);
  const failed = checked.find((_, i) => row[`c${i}`] !== true);
  // All hold again when a concurrent sale that had used it up rolled back: it was used up when claimed.
  return new DiscountCodeRefused(failed?.refusal ?? USED_UP_MESSAGE);
}

/** The discount-codes module's answer to "may this code be used on this price now?". */
export const discountCodes = {
  /**
   * What the code takes off the price, without using it, so the buyer sees the real total before
   * confirming; refused (DiscountCodeRefused) with the reason otherwise. The sale still decides.
   */
  async check(db: HandedDb, code: string, priceId: number, now: Date) {
    const [row] = await db
      .select({ discountCode: codes.id, discountPercent: codes.discountPercent })
      .from(codes)
      .where(usableCode(code, priceId, now));
    if (!row) throw await refusalOf(db, code, priceId, now);
    return row;
  },

  /**
   * Counts one use of the code in a single conditional UPDATE, so concurrent buyers can never use
   * it more than max_uses times, and answers its percent; refused like the check otherwise. In the
   * sale's transaction, so the use is rolled back with a sale that fails.
   */
  async claim(tx: HandedDb, code: string, priceId: number, now: Date): Promise<number> {
    const [row] = await tx
      .update(codes)
      .set({ uses: sql`${codes.uses} + 1` })
      .where(usableCode(code, priceId, now))
      .returning({ discountPercent: codes.discountPercent });
    if (!row) throw await refusalOf(tx, code, priceId, now);
    return row.discountPercent;
  },
};
