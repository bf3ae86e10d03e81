import { plans, prices } from '@ember/db/schema/catalog';
import { eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { firstRowOrNull } from '../../lib/first-row.ts';
import type { HandedDb } from './db.ts';

// What a sale, an extension and a subscription's view read of a plan and a price (decision 0035).
// Join the projections as tables: PostgreSQL flattens them, so a sale's checks stay one statement.

/** A plan's name, owner and whether it may be bought. */
export const planTerms = new QueryBuilder()
  .select({ id: plans.id, ownerId: plans.ownerId, name: plans.name, enabled: plans.enabled })
  .from(plans)
  .as('plan_terms');

/** A price's terms of sale and extension. */
const priceTermColumns = {
  id: prices.id,
  planId: prices.planId,
  name: prices.name,
  period: prices.period,
  price: prices.price,
  promoDiscountPercent: prices.promoDiscountPercent,
  promoExtraDays: prices.promoExtraDays,
  vipOnly: prices.vipOnly,
  slots: prices.slots,
  enabled: prices.enabled,
  extensionPrice: prices.extensionPrice,
  extensionAllowed: prices.extensionAllowed,
};

export const priceTerms = new QueryBuilder().select(priceTermColumns).from(prices).as('price_terms');

/**
 * The price and its plan, with the price row locked FOR UPDATE until the caller's transaction
 * commits: every purchase of the price queues here, which makes a slot count exact.
 */
export function lockPriceForSale(tx: HandedDb, priceId: number) {
  return firstRowOrNull(
    tx
      .select({
        ...priceTermColumns,
        planName: plans.name,
        planEnabled: plans.enabled,
        planOwnerId: plans.ownerId,
      })
      .from(prices)
      .innerJoin(plans, eq(plans.id, prices.planId))
      .where(eq(prices.id, priceId))
      .for('update', { of: prices }),
  );
}

export type PriceForSale = NonNullable<Awaited<ReturnType<typeof lockPriceForSale>>>;
