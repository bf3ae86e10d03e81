import {
  DEVELOPER_NOT_FOUND_MESSAGE,
  DEVELOPER_PLANS_LIMIT,
  type DeveloperProfile,
  updateRhythmOf,
} from '@ember/contracts/developer-profile';
import { plans, prices } from '@ember/db/schema/catalog';
import { and, asc, eq, inArray, isNull, min, sql } from 'drizzle-orm';
import type { KeyedCache } from '../../lib/cache/keyed-cache.ts';
import { NotFound } from '../../lib/errors.ts';
import { findUserProfiles, userProfiles } from '../users/index.ts';
import type { VersionDatesOfPrices } from './catalog-ports.ts';
import type { Db } from './db.ts';
import type { PlanViews } from './plan-views.ts';
import { planColumns } from './plans.repository.ts';

/** Since when the user has plans in the store (archived ones left out); null: none, so no developer page. */
async function findFirstPlanCreatedAt(db: Db, ownerId: number): Promise<Date | string | null> {
  const [row] = await db
    .select({ first: min(plans.createdAt) })
    .from(plans)
    .where(and(eq(plans.ownerId, ownerId), isNull(plans.archivedAt)));
  return row?.first ?? null;
}

/** The owner's plans in the shop, by name (plans_owner_id_idx, then the few rows sorted). */
function findPlansOnSaleOf(db: Db, ownerId: number) {
  return db
    .select(planColumns)
    .from(plans)
    .innerJoin(userProfiles, eq(userProfiles.id, plans.ownerId))
    .where(and(eq(plans.ownerId, ownerId), sql`${plans.onSale}`))
    .orderBy(asc(sql`lower(${plans.name})`), asc(plans.id))
    .limit(DEVELOPER_PLANS_LIMIT);
}

/** The listed prices of these plans: what a buyer can get, whose plugins the rhythm is measured on. */
async function findListedPriceIds(db: Db, planIds: number[]): Promise<number[]> {
  if (planIds.length === 0) return [];
  const rows = await db
    .select({ id: prices.id })
    .from(prices)
    .where(and(inArray(prices.planId, planIds), eq(prices.enabled, true), eq(prices.hidden, false)));
  return rows.map((row) => row.id);
}

/**
 * A developer's public page (issue 35, decision 0062): who, since when, their plans on sale (the
 * shop's cards) and how often the plugins of those plans get a new version. A user without any
 * plan has no page (404), so the address does not reveal accounts that never published.
 */
export function createDeveloperProfiles({
  db,
  planViews,
  cache,
  versionDatesOfPrices,
}: {
  db: Db;
  planViews: PlanViews;
  /** The catalog's reads cache (name 'catalog'): a plan or plugin change drops it. */
  cache: KeyedCache;
  versionDatesOfPrices: VersionDatesOfPrices;
}) {
  async function load(ownerId: number): Promise<DeveloperProfile | null> {
    const [first, owner] = await Promise.all([
      findFirstPlanCreatedAt(db, ownerId),
      findUserProfiles(db, [ownerId]).then((found) => found.get(ownerId) ?? null),
    ]);
    if (first === null || owner === null) return null;
    const rows = await findPlansOnSaleOf(db, ownerId);
    const [planResponses, dates] = await Promise.all([
      planViews.toPlanResponses(rows),
      findListedPriceIds(
        db,
        rows.map((row) => row.id),
      ).then((priceIds) => versionDatesOfPrices(db, priceIds)),
    ]);
    const byPlugin = new Map<number, Date[]>();
    for (const { pluginId, publishedAt } of dates)
      byPlugin.set(pluginId, [...(byPlugin.get(pluginId) ?? []), new Date(publishedAt)]);
    return {
      id: ownerId,
      name: planViews.ownerName({ id: ownerId, displayName: owner.displayName }),
      publishingSince: new Date(first).toISOString(),
      plans: planResponses,
      updates: updateRhythmOf([...byPlugin.values()]),
    };
  }

  return {
    async get(ownerId: number): Promise<DeveloperProfile> {
      const profile = await cache.get(`developer:${ownerId}`, () => load(ownerId));
      if (!profile) throw new NotFound(DEVELOPER_NOT_FOUND_MESSAGE);
      return profile;
    },
  };
}

export type DeveloperProfiles = ReturnType<typeof createDeveloperProfiles>;
