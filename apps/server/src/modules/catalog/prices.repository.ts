import type { Period } from '@ember/contracts/enums';
import { plans, prices } from '@ember/db/schema/catalog';
import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { firstRowOrNull } from '../../lib/first-row.ts';
import type { HandedDb } from './db.ts';

/** A price with what decides who may see and manage it: its plan's owner and listing flags. */
const priceColumns = {
  id: prices.id,
  planId: prices.planId,
  ownerId: plans.ownerId,
  planEnabled: plans.enabled,
  planHidden: plans.hidden,
  name: prices.name,
  description: prices.description,
  period: prices.period,
  price: prices.price,
  promoDiscountPercent: prices.promoDiscountPercent,
  promoExtraDays: prices.promoExtraDays,
  vipOnly: prices.vipOnly,
  extensionPrice: prices.extensionPrice,
  extensionAllowed: prices.extensionAllowed,
  slots: prices.slots,
  exposeSubCount: prices.exposeSubCount,
  enabled: prices.enabled,
  hidden: prices.hidden,
};

export interface PriceFields {
  name: string;
  description: string;
  period: Period;
  price: number;
  promoDiscountPercent: number;
  promoExtraDays: number;
  vipOnly: boolean;
  extensionPrice: number | null;
  extensionAllowed: boolean;
  slots: number | null;
  exposeSubCount: boolean;
  enabled: boolean;
  hidden: boolean;
}

/** A price with the plan it belongs to, as the catalog reads it. */
export interface PriceRow extends PriceFields {
  id: number;
  planId: number;
  ownerId: number;
  planEnabled: boolean;
  planHidden: boolean;
}

function selectPrices(db: HandedDb, where: SQL | undefined): Promise<PriceRow[]> {
  return (
    db
      .select(priceColumns)
      .from(prices)
      .innerJoin(plans, eq(plans.id, prices.planId))
      // The prices of an archived (deleted after it sold) plan went with it.
      .where(and(where, isNull(plans.archivedAt)))
      .orderBy(asc(prices.id))
  );
}

export function findPriceById(db: HandedDb, id: number): Promise<PriceRow | null> {
  return firstRowOrNull(selectPrices(db, eq(prices.id, id)));
}

export function findPricesByIds(db: HandedDb, ids: number[]): Promise<PriceRow[]> {
  return selectPrices(db, inArray(prices.id, ids));
}

export function findPricesOfPlan(db: HandedDb, planId: number): Promise<PriceRow[]> {
  return selectPrices(db, eq(prices.planId, planId));
}

export function findPricesOfOwner(db: HandedDb, ownerId: number, planId?: number): Promise<PriceRow[]> {
  return selectPrices(
    db,
    and(eq(plans.ownerId, ownerId), planId === undefined ? undefined : eq(prices.planId, planId)),
  );
}

export async function insertPrice(db: HandedDb, planId: number, fields: PriceFields): Promise<number> {
  const [row] = await db
    .insert(prices)
    .values({ planId, ...fields })
    .returning({ id: prices.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updatePriceFields(db: HandedDb, id: number, fields: PriceFields): Promise<void> {
  await db.update(prices).set(fields).where(eq(prices.id, id));
}

export async function clearSlots(db: HandedDb, id: number): Promise<void> {
  await db.update(prices).set({ slots: null }).where(eq(prices.id, id));
}

export async function deletePrice(db: HandedDb, id: number): Promise<void> {
  await db.delete(prices).where(eq(prices.id, id));
}
