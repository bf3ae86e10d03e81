import { plans, prices } from '@ember/db/schema/catalog';
import { eq } from 'drizzle-orm';
import { firstRowOrNull } from '../../lib/first-row.ts';
import { userProfiles } from '../users/index.ts';
import type { HandedDb } from './db.ts';

// What the reviews module reads of a plan (decision 0035): whether it exists and who owns it, its
// prices (the plugins they include are the plugins a reviewer must have run), and its rating numbers,
// which the trigger of migration 0024 keeps on the plan's row.

export interface PlanForReviews {
  ownerId: number;
  /** What the author's notice of an answer names: the plan and its developer. */
  name: string;
  ownerDisplayName: string;
  ratingCount: number;
  ratingSum: number;
  priceIds: number[];
}

export async function findPlanForReviews(db: HandedDb, planId: number): Promise<PlanForReviews | null> {
  const rows = await db
    .select({
      ownerId: plans.ownerId,
      name: plans.name,
      ownerDisplayName: userProfiles.displayName,
      ratingCount: plans.ratingCount,
      ratingSum: plans.ratingSum,
      priceId: prices.id,
    })
    .from(plans)
    .innerJoin(userProfiles, eq(userProfiles.id, plans.ownerId))
    .leftJoin(prices, eq(prices.planId, plans.id))
    .where(eq(plans.id, planId));
  const [first] = rows;
  if (!first) return null;
  return {
    ownerId: first.ownerId,
    name: first.name,
    ownerDisplayName: first.ownerDisplayName,
    ratingCount: first.ratingCount,
    ratingSum: first.ratingSum,
    priceIds: rows.flatMap((row) => (row.priceId === null ? [] : [row.priceId])),
  };
}

/** A plan's rating numbers alone (the reviews page's summary and count): one primary-key read. */
export function findPlanRating(db: HandedDb, planId: number) {
  return firstRowOrNull(
    db
      .select({ ownerId: plans.ownerId, ratingCount: plans.ratingCount, ratingSum: plans.ratingSum })
      .from(plans)
      .where(eq(plans.id, planId)),
  );
}
