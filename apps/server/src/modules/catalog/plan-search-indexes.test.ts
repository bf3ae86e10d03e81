import { createTestDatabase, type TestDatabase } from '@ember/db/test-support/test-database';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeSubscriptionCountsSql } from '../subscriptions/subscription-counts.ts';
import { findListedPlansPage } from './plan-search.fixtures.ts';
import * as repository from './plan-search.repository.ts';
import {
  countListedPlans,
  listedPlansCountStatement,
  type PlanPaging,
  type PlanSearch,
} from './plan-search.repository.ts';

// The statements count active subscriptions as the subscriptions module does (app.ts hands it in).
const listedPlansPageStatement = (search: PlanSearch, paging: PlanPaging, now: Date, total: number | null) =>
  repository.listedPlansPageStatement(search, paging, now, total, activeSubscriptionCountsSql);

// The shop must stay fast on a big catalog. Timings are noisy, so instead this fills the catalog
// with 20,000 plans, lets PostgreSQL gather statistics, and checks that the plans it chooses for the
// exact queries the repository builds read the indexes instead of scanning every plan.

const PLANS = 20_000;
const OWNERS = 200;
const RARE_LABEL = 28;
const FIRST_BULK_DISCORD_ID = 800_000_000_000_000_000n;

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db.execute(sql`
    insert into users (discord_id, username, display_name, roles)
    select (${FIRST_BULK_DISCORD_ID.toString()}::bigint + g)::text, 'bulkdev' || g, 'Bulk Developer ' || g,
           array['CUSTOMER', 'DEVELOPER']
    from generate_series(1, ${OWNERS}) g`);
  // Names draw from a few common words; one plan in 2,000 is a "Kraken" plan.
  await db.execute(sql`
    insert into plans (owner_id, name, description, tags)
    select (select min(id) from users where username like 'bulkdev%') + g % ${OWNERS},
           (array['Agility', 'Fishing', 'Mining', 'Woodcutting', 'Slayer', 'Runecrafting'])[1 + g % 6]
             || case when g % 2000 = 0 then ' Kraken ' else ' Helper ' end || g,
           'Generated plan ' || g, array['bulk']
    from generate_series(1, ${PLANS}) g`);
  // Every plan is on sale (one buyable price) but one helper in ten, which has no price (decision 0031).
  await db.execute(sql`
    insert into prices (plan_id, name, period, price, enabled, hidden)
    select id, 'Monthly', 'MONTHLY', 100 + id % 900, true, false from plans
    where 'bulk' = any(tags) and name not like '% Helper %5'`);
  // Every plan has one of 19 common labels; one in 1,000 also has the rare label.
  await db.execute(sql`
    insert into plan_labels (plan_id, label_id)
    select id, 1 + id % 19 from plans
    union all
    select id, ${RARE_LABEL} from plans where id % 1000 = 0`);
  await db.execute(sql`analyze users`);
  // The prices' trigger rewrote every plan row (listed_prices): vacuum as autovacuum would, so the
  // planner sees the table and its indexes (GIN pending list, visibility map) as they settle.
  await db.execute(sql`vacuum analyze plans`);
  await db.execute(sql`analyze plan_labels`);
  await db.execute(sql`analyze prices`);
});

afterAll(async () => {
  await database?.close();
});

/** EXPLAIN of a statement with its own values, so the planner sees exactly what runs. */
async function planOf(built: { statement: { text: string }; values: unknown[] }): Promise<string> {
  const parts: SQL[] = [sql.raw('explain ')];
  built.statement.text.split(/\$(\d+)/).forEach((chunk, index) => {
    parts.push(index % 2 === 0 ? sql.raw(chunk) : sql`${built.values[Number(chunk) - 1]}`);
  });
  const result = (await database.db.execute(sql.join(parts))) as unknown as {
    rows: Record<string, string>[];
  };
  return result.rows.map((row) => Object.values(row)[0]).join('\n');
}

const NOW = new Date();
const pageOf = (filters: PlanSearch, paging: PlanPaging = defaultPaging) =>
  listedPlansPageStatement(filters, paging, NOW, null);
const countOf = (filters: PlanSearch) => listedPlansCountStatement(filters);
const rowsOf = (filters: PlanSearch, paging: PlanPaging = defaultPaging) =>
  findListedPlansPage(database.db, filters, paging, NOW, null);

const defaultPaging: PlanPaging = { page: 0, size: 25, sort: { key: 'id', order: 'asc' } };
const search = (filters: Partial<PlanSearch>): PlanSearch => ({
  ownerDiscordIds: [],
  labelIds: [],
  ...filters,
});

describe(`shop search over ${PLANS.toLocaleString('en')} plans`, () => {
  it('finds plans by part of the name through the trigram index', async () => {
    const byName = search({ name: 'kraken' });
    expect(await planOf(pageOf(byName))).toMatch(/Bitmap Index Scan on plans_name_trgm_idx/);
    expect(await planOf(countOf(byName))).toMatch(/Bitmap Index Scan on plans_name_trgm_idx/);
    expect(await rowsOf(byName)).toHaveLength(PLANS / 2000);
  });

  it('finds plans by label through the label index', async () => {
    const byLabel = search({ labelIds: [RARE_LABEL] });
    expect(await planOf(pageOf(byLabel))).toMatch(/plan_labels_label_id_idx/);
    expect(await planOf(countOf(byLabel))).toMatch(/plan_labels_label_id_idx/);
  });

  it("finds a developer's plans through the owner index", async () => {
    const byOwner = search({ ownerDiscordIds: [(FIRST_BULK_DISCORD_ID + 7n).toString()] });
    const pagePlan = await planOf(pageOf(byOwner));
    expect(pagePlan).toMatch(/plans_owner_id_idx/);
    // The few hundred users are read whole (cheaper than the index); the plans come from their index.
    expect(await planOf(countOf(byOwner))).toMatch(/plans_owner_id_idx/);
    expect(await rowsOf(byOwner, { ...defaultPaging, size: 100 })).toHaveLength(PLANS / OWNERS);
  });

  it('reads the newest plans first page from the created_at index instead of sorting every plan', async () => {
    const newest: PlanPaging = { page: 0, size: 25, sort: { key: 'createdAt', order: 'desc' } };
    expect(await planOf(pageOf(search({}), newest))).toMatch(
      /Index Scan Backward using plans_created_at_id_idx/,
    );
  });

  it('reads a page sorted by name from the listed-name index, and the last page backwards from its end', async () => {
    const byName: PlanPaging = { page: 0, size: 25, sort: { key: 'name', order: 'asc' } };
    expect(await planOf(pageOf(search({}), byName))).toMatch(/Index Scan using plans_listed_name_idx/);
    const total = await countListedPlans(database.db, search({}));
    const lastPage = { ...byName, page: Math.ceil(total / 25) - 1 };
    const last = listedPlansPageStatement(search({}), lastPage, NOW, total);
    expect(await planOf(last)).toMatch(/Index Scan Backward using plans_listed_name_idx/);
    expect(last.values).toContain(0); // nothing skipped
  });

  it('counts the plans on sale from their partial index, leaving out the plans without a price', async () => {
    expect(await planOf(countOf(search({})))).toMatch(/Index Only Scan using plans_listed_id_idx/);
    const [row] = (
      (await database.db.execute(
        sql`select count(*)::int as n from plans where enabled and not hidden and exists
              (select 1 from prices where plan_id = plans.id and enabled and not hidden)`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(await countListedPlans(database.db, search({}))).toBe(row?.n);
    expect(row?.n).toBeLessThan(PLANS);
  });

  it('answers the same rows, in the same order, whether a deep page is read forwards or backwards', async () => {
    const total = await countListedPlans(database.db, search({}));
    const byName: PlanPaging = {
      page: Math.ceil(total / 25) - 2,
      size: 25,
      sort: { key: 'name', order: 'asc' },
    };
    const forwards = await findListedPlansPage(database.db, search({}), byName, NOW, null);
    const backwards = await findListedPlansPage(database.db, search({}), byName, NOW, total);
    expect(backwards.map((plan) => plan.id)).toEqual(forwards.map((plan) => plan.id));
    expect(forwards).toHaveLength(25);
  });
});
