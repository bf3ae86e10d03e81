import type { ProductKind } from '@ember/contracts/enums';
import { bulkDiscounts, type Product, products } from '@ember/db/schema/commerce';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { firstRowOrNull } from '../../lib/first-row.ts';
import type { HandedDb } from './db.ts';

// Reads and writes of products, bulk_discounts (owned by the commerce module).

export function findProducts(db: HandedDb, filter: { kind?: ProductKind; enabledOnly: boolean }) {
  const conditions = [
    filter.kind ? eq(products.kind, filter.kind) : undefined,
    filter.enabledOnly ? eq(products.enabled, true) : undefined,
  ].filter((condition) => condition !== undefined);
  return db
    .select()
    .from(products)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(products.kind), asc(products.pricePerUnit), asc(products.id));
}

export async function findProduct(db: HandedDb, id: number) {
  return firstRowOrNull(db.select().from(products).where(eq(products.id, id)));
}

/** The tiers of the given products, in one query, ascending by threshold. */
export async function findBulkDiscounts(db: HandedDb, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return db
    .select({
      productId: bulkDiscounts.productId,
      discountThreshold: bulkDiscounts.discountThreshold,
      extraAmount: bulkDiscounts.extraAmount,
    })
    .from(bulkDiscounts)
    .where(inArray(bulkDiscounts.productId, [...productIds]))
    .orderBy(asc(bulkDiscounts.productId), asc(bulkDiscounts.discountThreshold));
}

/**
 * Takes `units` from a stocked product in one conditional UPDATE (which also queues every other
 * order of the product on its row lock): true when there was enough, false when not. A product
 * without stock (null = unlimited) always has enough and is not touched.
 */
export async function takeStock(tx: HandedDb, productId: number, units: number): Promise<boolean> {
  if (units === 0) return true;
  const rows = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${units}` })
    .where(and(eq(products.id, productId), isNotNull(products.stock), sql`${products.stock} >= ${units}`))
    .returning({ id: products.id });
  return rows.length === 1;
}

/** Gives `units` back to a stocked product (an order failed, was cancelled or expired). */
export async function giveStockBack(tx: HandedDb, productId: number, units: number): Promise<void> {
  if (units === 0) return;
  await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${units}` })
    .where(and(eq(products.id, productId), isNotNull(products.stock)));
}

export async function findStock(db: HandedDb, productId: number): Promise<number | null> {
  const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row?.stock ?? null;
}

export type ProductRow = Product;

export function lockProduct(tx: HandedDb, id: number) {
  return firstRowOrNull(tx.select().from(products).where(eq(products.id, id)).for('update'));
}

export async function updateProduct(
  tx: HandedDb,
  id: number,
  changes: Partial<typeof products.$inferInsert>,
) {
  const [row] = await tx.update(products).set(changes).where(eq(products.id, id)).returning();
  if (!row) throw new Error(`product ${id} vanished inside its transaction`);
  return row;
}

/** Replaces a product's bulk tiers with `tiers` (inside the caller's transaction). */
export async function replaceBulkDiscounts(
  tx: HandedDb,
  productId: number,
  tiers: readonly { discountThreshold: number; extraAmount: number }[],
): Promise<void> {
  await tx.delete(bulkDiscounts).where(eq(bulkDiscounts.productId, productId));
  if (tiers.length === 0) return;
  await tx.insert(bulkDiscounts).values(tiers.map((tier) => ({ productId, ...tier })));
}
