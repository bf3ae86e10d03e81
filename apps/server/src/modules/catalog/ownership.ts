import { plans, prices } from '@ember/db/schema/catalog';
import { eq } from 'drizzle-orm';
import { firstRowOrNull } from '../../lib/first-row.ts';
import type { HandedDb } from './db.ts';

// The one answer to "who owns this plan or price" (decision 0035): a price belongs to its plan's owner.
// Delivery, discount codes, subscriptions and statistics ask here instead of joining the catalog.

export interface PriceOwnership {
  priceId: number;
  priceName: string;
  planId: number;
  ownerId: number;
}

export function findPriceOwnership(db: HandedDb, priceId: number): Promise<PriceOwnership | null> {
  return firstRowOrNull(
    db
      .select({ priceId: prices.id, priceName: prices.name, planId: prices.planId, ownerId: plans.ownerId })
      .from(prices)
      .innerJoin(plans, eq(plans.id, prices.planId))
      .where(eq(prices.id, priceId)),
  );
}

export async function findPlanOwnerId(db: HandedDb, planId: number): Promise<number | null> {
  const [row] = await db.select({ ownerId: plans.ownerId }).from(plans).where(eq(plans.id, planId));
  return row?.ownerId ?? null;
}
