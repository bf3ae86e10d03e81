import { plans } from '@ember/db/schema/catalog';
import { asc, sql } from 'drizzle-orm';
import { userProfiles } from '../users/index.ts';
import type { HandedDb } from './db.ts';

/**
 * The rating numbers of every plan on sale that has any (the search index's refresh: reviews are
 * written without a catalog change, decision 0051), by plan id.
 */
export async function loadListedPlanRatings(
  db: HandedDb,
): Promise<Map<number, { count: number; sum: number }>> {
  const rows = await db
    .select({ id: plans.id, count: plans.ratingCount, sum: plans.ratingSum })
    .from(plans)
    .where(sql`${plans.onSale} and ${plans.ratingCount} > 0`);
  return new Map(rows.map((row) => [row.id, { count: row.count, sum: row.sum }]));
}

/** Owners of at least one plan on sale: the shop's developer filter. */
export function findListedPlanOwners(db: HandedDb) {
  return db
    .select({
      id: userProfiles.id,
      discordId: userProfiles.discordId,
      username: userProfiles.username,
      displayName: userProfiles.displayName,
    })
    .from(userProfiles)
    .where(sql`${userProfiles.id} in (select ${plans.ownerId} from ${plans} where ${plans.onSale})`)
    .orderBy(asc(userProfiles.id));
}

/** A plan on sale as the sitemap lists it: its page and when the plan or one of its prices last changed. */
export interface PlanOnSaleEntry {
  id: number;
  updatedAt: Date;
}

/** How many plans are on sale and when the latest of them changed (null: none on sale). */
export async function summarizePlansOnSale(
  db: HandedDb,
): Promise<{ total: number; lastModified: Date | null }> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int`, lastModified: sql<Date | null>`max(${plans.updatedAt})` })
    .from(plans)
    .where(sql`${plans.onSale}`);
  const lastModified = row?.lastModified ?? null;
  return {
    total: row?.total ?? 0,
    // node-postgres answers a Date, PGlite may answer the text of an aggregate over timestamptz.
    lastModified: lastModified === null ? null : new Date(lastModified),
  };
}

/** The id of the plan on sale at `position` (0 first) in id order, read from plans_listed_id_idx. */
export async function findPlanOnSaleIdAt(db: HandedDb, position: number): Promise<number | null> {
  const [row] = await db
    .select({ id: plans.id })
    .from(plans)
    .where(sql`${plans.onSale}`)
    .orderBy(asc(plans.id))
    .offset(position)
    .limit(1);
  return row?.id ?? null;
}

/** Up to `limit` plans on sale after `afterId`, in id order (one keyset page of the sitemap). */
export async function findPlansOnSaleAfter(
  db: HandedDb,
  afterId: number,
  limit: number,
): Promise<PlanOnSaleEntry[]> {
  const rows = await db
    .select({ id: plans.id, updatedAt: plans.updatedAt })
    .from(plans)
    .where(sql`${plans.onSale} and ${plans.id} > ${afterId}`)
    .orderBy(asc(plans.id))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, updatedAt: new Date(row.updatedAt) }));
}
