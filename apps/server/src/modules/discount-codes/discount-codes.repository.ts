import {
  type DiscountCode,
  discountCodes,
  type NewDiscountCode,
  plans,
  prices,
} from '@ember/db/schema/catalog';
import type { Db } from '@ember/db/types';
import { asc, eq } from 'drizzle-orm';

/**
 * How "no end date" is stored: valid_until is NOT NULL (migration 0000), so a code without an end
 * date keeps the last millisecond of year 9999, after every clock this store will read. Every date
 * comparison (the purchase's "not expired") then holds without a special case; the API says null.
 * A migration making the column nullable would replace this one value (see the issue 26 report).
 */
export const NO_END_DATE = new Date('9999-12-31T23:59:59.999Z');

/** The stored valid_until of a code's validity: its end, or NO_END_DATE for none. */
export const storedValidUntil = (validUntil: Date | null): Date => validUntil ?? NO_END_DATE;

/** A stored valid_until as the API says it: the end date, or null for none. */
export const validUntilOf = (stored: Date): Date | null =>
  stored.getTime() >= NO_END_DATE.getTime() ? null : stored;

export async function findPriceOwnerId(db: Db, priceId: number): Promise<number | null> {
  const [row] = await db
    .select({ ownerId: plans.ownerId })
    .from(prices)
    .innerJoin(plans, eq(plans.id, prices.planId))
    .where(eq(prices.id, priceId));
  return row?.ownerId ?? null;
}

export function findCodesOfPrice(db: Db, priceId: number): Promise<DiscountCode[]> {
  return db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.priceId, priceId))
    .orderBy(asc(discountCodes.createdAt), asc(discountCodes.id));
}

export async function findCode(db: Db, id: string): Promise<DiscountCode | null> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
  return row ?? null;
}

/** Null when the code is taken (no error, so the caller's transaction stays usable). */
export async function insertCodeUnlessTaken(db: Db, row: NewDiscountCode): Promise<DiscountCode | null> {
  const [inserted] = await db
    .insert(discountCodes)
    .values(row)
    .onConflictDoNothing({ target: discountCodes.id })
    .returning();
  return inserted ?? null;
}

export async function updateCode(
  db: Db,
  id: string,
  fields: Partial<Pick<DiscountCode, 'discountPercent' | 'maxUses' | 'validUntil' | 'enabled'>>,
): Promise<DiscountCode | null> {
  const [row] = await db.update(discountCodes).set(fields).where(eq(discountCodes.id, id)).returning();
  return row ?? null;
}
