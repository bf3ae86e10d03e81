import { PLAN_SORT_KEYS } from '@ember/contracts/catalog';
import { totalPagesOf } from '@ember/contracts/paging';
import { labels, planLabels, plans, prices } from '@ember/db/schema/catalog';
import { subscriptions } from '@ember/db/schema/subscriptions';
import { users } from '@ember/db/schema/users';
import { makePlan, makePrice, makeSubscription, makeUser } from '@ember/db/seed/factories';
import { createTestDatabase, type TestDatabase } from '@ember/db/test-support/test-database';
import type { Db } from '@ember/db/types';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeSubscriptionCountsSql,
  loadActiveSubscriptionCounts,
} from '../subscriptions/subscription-counts.ts';
import { loadListedPlanCards } from './plan-cards.repository.ts';
import { findListedPlansPage } from './plan-search.fixtures.ts';
import { countListedPlans, type PlanPaging, type PlanSearch } from './plan-search.repository.ts';
import { buildSearchIndex } from './plan-search-index.ts';
import { SPARSE_MATCHES } from './plan-search-ranks.ts';
import { loadListedPlanRatings } from './plans-on-sale.repository.ts';
import { loadSearchableListedPlans as loadSearchableListedPlansBy } from './searchable-plans.repository.ts';

// The statements count active subscriptions as the subscriptions module does (app.ts hands it in).
const loadSearchableListedPlans = (db: Db, now: Date) =>
  loadSearchableListedPlansBy(db, now, activeSubscriptionCountsSql);

// Issue 21: the search index must answer exactly what the shop's statements answer (same plans,
// same order, same number of pages). Random catalogs (names from a small alphabet with LIKE's
// special characters and accents, ties in every sort, hidden and disabled plans and prices,
// paused, expired and endless subscriptions) are searched both ways and compared.
// Issue 26 (decision 0031): both list only the plans on sale. Plans come without prices, with only
// disabled or hidden ones, with prices shown or hidden after they were made and with prices deleted,
// and the plans listed are compared with the rule computed here from the random catalog.

const NOW = new Date('2026-06-01T12:00:00Z');
const DAY_MS = 86_400_000;
const NAME_CHARACTERS = ['a', 'b', 'A', 'B', 'ab', ' ', '%', '_', '\\', 'é', 'É', 'x1'];

let database: TestDatabase;
let labelIds: number[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  labelIds = (await database.db.select({ id: labels.id }).from(labels)).map((row) => row.id);
  if (labelIds.length === 0) {
    labelIds = (
      await database.db
        .insert(labels)
        .values([1, 2, 3, 4].map((n) => ({ id: 9000 + n, name: `Search label ${n}`, icon: 'tag' })))
        .returning({ id: labels.id })
    ).map((row) => row.id);
  }
});

afterAll(async () => {
  await database?.close();
});

const nameArbitrary = fc
  .array(fc.constantFrom(...NAME_CHARACTERS), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.join(''))
  .filter((name) => name.trim() !== '');

const planArbitrary = fc.record({
  owner: fc.nat({ max: 3 }),
  name: nameArbitrary,
  enabled: fc.constantFrom(true, true, true, false),
  hidden: fc.constantFrom(false, false, false, true),
  createdDay: fc.nat({ max: 4 }),
  labels: fc.uniqueArray(fc.nat({ max: 3 }), { maxLength: 2 }),
  /** Its visible reviews' stars (issue 35): ties in the Bayesian average and in the plain one. */
  stars: fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 4 }),
  prices: fc.array(
    fc.record({
      price: fc.constantFrom(100, 150, 199, 1000),
      promo: fc.constantFrom(0, 10, 33, 50),
      enabled: fc.constantFrom(true, true, false),
      hidden: fc.constantFrom(false, false, true),
      /** Inserted with the opposite flags, then updated to these (the count follows updates too). */
      changedLater: fc.boolean(),
      /** Deleted after it was made (only when it has no subscriptions). */
      deleted: fc.constantFrom(false, false, false, true),
      subscriptions: fc.array(
        fc.record({
          paused: fc.boolean(),
          expires: fc.constantFrom('never', 'past', 'future'),
        }),
        { maxLength: 3 },
      ),
    }),
    { maxLength: 3 },
  ),
});

type RandomPlan = typeof planArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** The rule of decision 0031, from the random catalog itself: enabled, shown, with a buyable price left. */
const isOnSale = (plan: RandomPlan) =>
  plan.enabled &&
  !plan.hidden &&
  plan.prices.some(
    (price) => price.enabled && !price.hidden && !(price.deleted && price.subscriptions.length === 0),
  );

const queryArbitrary = fc.record({
  name: fc.option(
    fc.oneof(
      nameArbitrary.map((name) => name.slice(0, 3)),
      fc.constantFrom('a', 'B', 'ab', 'A b', '%', '_', '\\', 'é', 'x', 'x1', 'zz', 'aba'),
    ),
    { nil: undefined },
  ),
  owners: fc.uniqueArray(fc.nat({ max: 4 }), { maxLength: 2 }),
  labels: fc.uniqueArray(fc.nat({ max: 3 }), { maxLength: 2 }),
  minRating: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
  maxPrice: fc.option(fc.constantFrom(0, 99, 100, 134, 500), { nil: undefined }),
  key: fc.constantFrom(...PLAN_SORT_KEYS),
  order: fc.constantFrom('asc' as const, 'desc' as const),
  page: fc.nat({ max: 4 }),
  size: fc.integer({ min: 1, max: 7 }),
});

/** Inserts one random catalog and returns what a search may refer to and how to remove it. */
async function insertCatalog(catalog: RandomPlan[]) {
  const { db } = database;
  const owners = await db
    .insert(users)
    .values([0, 1, 2, 3].map(() => makeUser({ roles: ['CUSTOMER', 'DEVELOPER'] })))
    .returning();
  const planIds: number[] = [];
  for (const plan of catalog) {
    const owner = owners[plan.owner] ?? owners[0];
    if (!owner) throw new Error('no owner');
    const [row] = await db
      .insert(plans)
      .values(
        makePlan({
          ownerId: owner.id,
          name: plan.name,
          enabled: plan.enabled,
          hidden: plan.hidden,
          createdAt: new Date(NOW.getTime() - plan.createdDay * DAY_MS),
          ratingCount: plan.stars.length,
          ratingSum: plan.stars.reduce((sum, stars) => sum + stars, 0),
        }),
      )
      .returning();
    if (!row) throw new Error('no plan');
    planIds.push(row.id);
    const planLabelIds = plan.labels.map((index) => labelIds[index % labelIds.length] as number);
    if (planLabelIds.length > 0) {
      await db
        .insert(planLabels)
        .values([...new Set(planLabelIds)].map((labelId) => ({ planId: row.id, labelId })));
    }
    for (const price of plan.prices) {
      const [priceRow] = await db
        .insert(prices)
        .values(
          makePrice({
            planId: row.id,
            price: price.price,
            promoDiscountPercent: price.promo,
            enabled: price.changedLater ? !price.enabled : price.enabled,
            hidden: price.changedLater ? !price.hidden : price.hidden,
          }),
        )
        .returning();
      if (!priceRow) throw new Error('no price');
      if (price.changedLater) {
        await db
          .update(prices)
          .set({ enabled: price.enabled, hidden: price.hidden })
          .where(eq(prices.id, priceRow.id));
      }
      if (price.deleted && price.subscriptions.length === 0) {
        await db.delete(prices).where(eq(prices.id, priceRow.id));
      }
      if (price.subscriptions.length > 0) {
        await db.insert(subscriptions).values(
          price.subscriptions.map((subscription, index) =>
            makeSubscription({
              userId: (owners[index % owners.length] ?? owner).id,
              planId: row.id,
              priceId: priceRow.id,
              paused: subscription.paused,
              ...(subscription.paused
                ? { pauseDate: new Date(NOW.getTime() - DAY_MS), pauseUsed: true }
                : {}),
              startDate: new Date(NOW.getTime() - 40 * DAY_MS),
              expireDate:
                subscription.expires === 'never'
                  ? null
                  : new Date(NOW.getTime() + (subscription.expires === 'past' ? -DAY_MS : DAY_MS)),
            }),
          ),
        );
      }
    }
  }
  return {
    planIds,
    ownerDiscordIds: [...owners.map((owner) => owner.discordId), '123456789'],
    async remove() {
      if (planIds.length > 0) {
        await db.delete(subscriptions).where(inArray(subscriptions.planId, planIds));
        await db.delete(prices).where(inArray(prices.planId, planIds));
        await db.delete(planLabels).where(inArray(planLabels.planId, planIds));
        await db.delete(plans).where(inArray(plans.id, planIds));
      }
      await db.delete(users).where(
        inArray(
          users.id,
          owners.map((owner) => owner.id),
        ),
      );
    },
  };
}

describe('the plan search index', () => {
  it('answers every search exactly as the shop statements do (ids, order, total pages)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(planArbitrary, { maxLength: 30 }),
        fc.array(queryArbitrary, { minLength: 6, maxLength: 12 }),
        async (catalog, queries) => {
          const inserted = await insertCatalog(catalog);
          try {
            const index = await buildSearchIndex(await loadSearchableListedPlans(database.db, NOW));
            const shelf = await loadListedPlanCards(database.db);
            // The plans listed are exactly the plans on sale, in the index and in the statements.
            const expectedOnSale = inserted.planIds.filter((_, at) => isOnSale(catalog[at] as RandomPlan));
            const everything: PlanPaging = { page: 0, size: 1000, sort: { key: 'id', order: 'asc' } };
            const all: PlanSearch = { ownerDiscordIds: inserted.ownerDiscordIds, labelIds: [] };
            expect(index.page(all, everything)?.ids).toEqual(expectedOnSale);
            expect(
              (await findListedPlansPage(database.db, all, everything, NOW, null)).map((row) => row.id),
            ).toEqual(expectedOnSale);
            expect(await countListedPlans(database.db, all)).toBe(expectedOnSale.length);
            for (const query of queries) {
              const search: PlanSearch = {
                name: query.name,
                ownerDiscordIds: query.owners.map((owner) => inserted.ownerDiscordIds[owner] as string),
                labelIds: query.labels.map((label) => labelIds[label % labelIds.length] as number),
                minRating: query.minRating,
                maxPrice: query.maxPrice,
              };
              const paging: PlanPaging = {
                page: query.page,
                size: query.size,
                sort: { key: query.key, order: query.order },
              };
              const fast = index.page(search, paging);
              const expectedRows = await findListedPlansPage(database.db, search, paging, NOW, null);
              const expectedIds = expectedRows.map((row) => row.id);
              const expectedTotal = await countListedPlans(database.db, search);
              if (search.name && /[^\x20-\x7e]/.test(search.name)) {
                // Left to the statement: PostgreSQL lower-cases what is not plain ASCII.
                expect(fast).toBeNull();
                continue;
              }
              expect(fast, JSON.stringify({ search, paging })).not.toBeNull();
              expect({ ids: fast?.ids, totalPages: totalPagesOf(fast?.total ?? -1, paging.size) }).toEqual({
                ids: expectedIds,
                totalPages: totalPagesOf(expectedTotal, paging.size),
              });
              // The card shelf holds each plan's card exactly as the page statement reads it.
              expect(fast?.ids.map((id) => shelf.get(id))).toEqual(expectedRows);
            }
            // A day later the future subscriptions have expired. The index ranks its popular order
            // again on its own and answers as a whole new index and the statement do.
            const later = new Date(NOW.getTime() + 2 * DAY_MS);
            // Reviews are written without a catalog change: the refresh ranks the rating order again too.
            if (inserted.planIds[0] !== undefined) {
              await database.db
                .update(plans)
                .set({ ratingCount: 3, ratingSum: 14 })
                .where(eq(plans.id, inserted.planIds[0]));
            }
            const refreshed = index.withCounts(
              await loadActiveSubscriptionCounts(database.db, later),
              await loadListedPlanRatings(database.db),
            );
            const rebuilt = await buildSearchIndex(await loadSearchableListedPlans(database.db, later));
            for (const key of ['popular', 'rating'] as const) {
              for (const order of ['asc', 'desc'] as const) {
                const sorted: PlanPaging = { page: 0, size: 1000, sort: { key, order } };
                const statement = await findListedPlansPage(database.db, all, sorted, later, null);
                expect(refreshed.page(all, sorted)).toEqual(rebuilt.page(all, sorted));
                expect(refreshed.page(all, sorted)?.ids).toEqual(statement.map((row) => row.id));
              }
            }
            const fourStars = { ...all, minRating: 4 };
            const byName: PlanPaging = { page: 0, size: 1000, sort: { key: 'name', order: 'asc' } };
            expect(refreshed.page(fourStars, byName)?.ids).toEqual(
              (await findListedPlansPage(database.db, fourStars, byName, later, null)).map((row) => row.id),
            );
            for (const id of inserted.planIds.slice(0, 1)) {
              if (refreshed.ratingOf(id)) expect(refreshed.ratingOf(id)).toEqual({ count: 3, sum: 14 });
            }
          } finally {
            await inserted.remove();
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 300_000);

  it('walks the sort order for a dense match and sorts a sparse one, with the same answers', async () => {
    // More listed plans than SPARSE_MATCHES, so "Pack" (every plan) is walked and "Rare" (a few) sorted.
    const count = SPARSE_MATCHES + 500;
    const catalog = Array.from({ length: count }, (_, n) => ({
      name: n % 400 === 0 ? `Rare Pack ${n}` : `Pack ${(n * 7919) % 1000}`,
      createdDay: n % 5,
    }));
    const { db } = database;
    const [owner] = await db
      .insert(users)
      .values(makeUser({ roles: ['CUSTOMER', 'DEVELOPER'] }))
      .returning();
    if (!owner) throw new Error('no owner');
    const rows = await db
      .insert(plans)
      .values(
        catalog.map((plan) =>
          makePlan({
            ownerId: owner.id,
            name: plan.name,
            createdAt: new Date(NOW.getTime() - plan.createdDay * DAY_MS),
          }),
        ),
      )
      .returning({ id: plans.id });
    // Nine plans in ten on sale (more than SPARSE_MATCHES of them), at a few different prices.
    await db
      .insert(prices)
      .values(
        rows
          .filter((_, n) => n % 10 !== 3)
          .map((row, n) =>
            makePrice({ planId: row.id, price: 100 + (n % 7) * 50, enabled: true, hidden: false }),
          ),
      );
    try {
      const index = await buildSearchIndex(await loadSearchableListedPlans(db, NOW));
      expect(index.size).toBeGreaterThan(SPARSE_MATCHES);
      expect(index.size).toBeLessThan(count);
      for (const name of ['pack', 'rare', 'ack 9', 'k 1', 'Pack 99']) {
        for (const key of PLAN_SORT_KEYS) {
          for (const [order, page] of [
            ['asc', 0],
            ['desc', 3],
            ['asc', 40],
          ] as const) {
            const search: PlanSearch = { name, ownerDiscordIds: [], labelIds: [] };
            const paging: PlanPaging = { page, size: 25, sort: { key, order } };
            const fast = index.page(search, paging);
            const expected = (await findListedPlansPage(db, search, paging, NOW, null)).map((row) => row.id);
            expect(fast?.ids, `${name} ${key} ${order} ${page}`).toEqual(expected);
            expect(fast?.total).toBe(await countListedPlans(db, search));
          }
        }
      }
    } finally {
      await db.delete(prices).where(
        inArray(
          prices.planId,
          rows.map((row) => row.id),
        ),
      );
      await db.delete(plans).where(
        inArray(
          plans.id,
          rows.map((row) => row.id),
        ),
      );
      await db.delete(users).where(inArray(users.id, [owner.id]));
    }
  }, 300_000);
});
