import { type DiscountCode, discountCodes, type NewDiscountCode } from '@ember/db/schema/discount-codes';
import { asc, eq } from 'drizzle-orm';
import { firstRowOrNull } from '../../lib/first-row.ts';
import type { HandedDb } from './db.ts';

export function findCodesOfPrice(db: HandedDb, priceId: number): Promise<DiscountCode[]> {
  return db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.priceId, priceId))
    .orderBy(asc(discountCodes.createdAt), asc(discountCodes.id));
}

export function findDiscountCode(db: HandedDb, id: string): Promise<DiscountCode | null> {
  return firstRowOrNull(db.select().from(discountCodes).where(eq(discountCodes.id, id)));
}

/** Null when the code is taken (no error, so the caller's transaction stays usable). */
export async function insertCodeUnlessTaken(
  db: HandedDb,
  row: NewDiscountCode,
): Promise<DiscountCode | null> {
  const [inserted] = await db
    .insert(discountCodes)
    .values(row)
    .onConflictDoNothing({ target: discountCodes.id })
    .returning();
  return inserted ?? null;
}

export function updateCode(
  db: HandedDb,
  id: string,
  fields: Partial<Pick<DiscountCode, 'discountPercent' | 'maxUses' | 'validUntil' | 'enabled'>>,
): Promise<DiscountCode | null> {
  return firstRowOrNull(db.update(discountCodes).set(fields).where(eq(discountCodes.id, id)).returning());
}
