import { type DiscountCode, discountCodes, type NewDiscountCode } from '@ember/db/schema/discount-codes';
import type { Db } from '@ember/db/types';
import { asc, eq } from 'drizzle-orm';

export function findCodesOfPrice(db: Db, priceId: number): Promise<DiscountCode[]> {
  return db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.priceId, priceId))
    .orderBy(asc(discountCodes.createdAt), asc(discountCodes.id));
}

export async function findDiscountCode(db: Db, id: string): Promise<DiscountCode | null> {
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
