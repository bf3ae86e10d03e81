import { labels, planLabels, plans, prices } from '@ember/db/schema/catalog';
import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import { firstRowOrNull } from '../../lib/first-row.ts';
import { userProfiles } from '../users/index.ts';
import type { HandedDb } from './db.ts';

/** A plan with the owner fields every plan response shows. */
export const planColumns = {
  id: plans.id,
  name: plans.name,
  description: plans.description,
  imageUrl: plans.imageUrl,
  tags: plans.tags,
  forumLink: plans.forumLink,
  ownerId: plans.ownerId,
  ownerDisplayName: userProfiles.displayName,
  ownerDiscordId: userProfiles.discordId,
  hidden: plans.hidden,
  enabled: plans.enabled,
  ratingCount: plans.ratingCount,
  ratingSum: plans.ratingSum,
};

export interface PlanRow {
  id: number;
  name: string;
  description: string;
  imageUrl: string | null;
  tags: string[];
  forumLink: string | null;
  ownerId: number;
  ownerDisplayName: string;
  ownerDiscordId: string;
  hidden: boolean;
  enabled: boolean;
  /** The plan's visible reviews and the sum of their stars (kept on the plan's row by migration 0024's trigger). */
  ratingCount: number;
  ratingSum: number;
}

export interface PlanFields {
  name: string;
  description: string;
  imageUrl: string | null;
  tags: string[];
  forumLink: string | null;
}

export function findPlanById(db: HandedDb, id: number): Promise<PlanRow | null> {
  return firstRowOrNull(
    db
      .select(planColumns)
      .from(plans)
      .innerJoin(userProfiles, eq(userProfiles.id, plans.ownerId))
      .where(and(eq(plans.id, id), isNull(plans.archivedAt))),
  );
}

/** The owner's plans; archived ones (deleted after they sold) are gone from it. */
export function findPlansOfOwner(db: HandedDb, ownerId: number): Promise<PlanRow[]> {
  return db
    .select(planColumns)
    .from(plans)
    .innerJoin(userProfiles, eq(userProfiles.id, plans.ownerId))
    .where(and(eq(plans.ownerId, ownerId), isNull(plans.archivedAt)))
    .orderBy(asc(plans.id));
}

/** Labels of many plans in one query, for a page of plans. */
export function findLabelsOfPlans(db: HandedDb, planIds: number[]) {
  return db
    .select({ planId: planLabels.planId, id: labels.id, name: labels.name, icon: labels.icon })
    .from(planLabels)
    .innerJoin(labels, eq(labels.id, planLabels.labelId))
    .where(inArray(planLabels.planId, planIds))
    .orderBy(asc(labels.id));
}

/** Best promo of each plan among its buyable (enabled, shown) prices, in one query. */
/** What a buyer pays for a price after its promo, rounded down like the sale (chargeFor). */
export const promoPriceOf = sql<number>`(${prices.price} * (100 - ${prices.promoDiscountPercent})) / 100`;

/** A price the shop offers: enabled and not hidden. */
export const isListedPrice = and(eq(prices.enabled, true), eq(prices.hidden, false));

/** Per plan, over its listed prices: the best promo and the lowest price a buyer pays ('from N credits'). */
export function findPromosOfPlans(db: HandedDb, planIds: number[]) {
  return db
    .select({
      planId: prices.planId,
      promoDiscount: max(prices.promoDiscountPercent),
      promoExtraDays: max(prices.promoExtraDays),
      fromPrice: sql<number | null>`min(${promoPriceOf})::int`,
    })
    .from(prices)
    .where(and(inArray(prices.planId, planIds), isListedPrice))
    .groupBy(prices.planId);
}

/** New plans are enabled and shown (the schema defaults). */
export async function insertPlan(db: HandedDb, ownerId: number, fields: PlanFields): Promise<number> {
  const [row] = await db
    .insert(plans)
    .values({ ownerId, ...fields })
    .returning({ id: plans.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updatePlanFields(db: HandedDb, id: number, fields: PlanFields): Promise<void> {
  await db.update(plans).set(fields).where(eq(plans.id, id));
}

export async function toggleHidden(db: HandedDb, id: number): Promise<void> {
  await db
    .update(plans)
    .set({ hidden: sql`not ${plans.hidden}` })
    .where(eq(plans.id, id));
}

export async function toggleEnabled(db: HandedDb, id: number): Promise<void> {
  await db
    .update(plans)
    .set({ enabled: sql`not ${plans.enabled}` })
    .where(eq(plans.id, id));
}

/** Removes the label when the plan has it, else adds it; answers whether the plan has it now. */
export async function togglePlanLabel(db: HandedDb, planId: number, labelId: number): Promise<boolean> {
  const removed = await db
    .delete(planLabels)
    .where(and(eq(planLabels.planId, planId), eq(planLabels.labelId, labelId)))
    .returning({ planId: planLabels.planId });
  if (removed.length > 0) return false;
  await db.insert(planLabels).values({ planId, labelId }).onConflictDoNothing();
  return true;
}

export async function deletePlan(db: HandedDb, id: number): Promise<void> {
  await db.delete(plans).where(eq(plans.id, id));
}

/** Out of the shop and the owner's list for good: hidden, disabled and marked archived. */
export async function archivePlan(db: HandedDb, id: number, now: Date): Promise<void> {
  await db.update(plans).set({ archivedAt: now, hidden: true, enabled: false }).where(eq(plans.id, id));
}
