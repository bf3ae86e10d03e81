import { createTestDatabase, type TestDatabase } from '@ember/db/testing/test-database';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedPlansCountQuery, listedPlansPageQuery, type PlanSearch } from './plan-search.repository.ts';

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
  // Every plan has one of 19 common labels; one in 1,000 also has the rare label.
  await db.execute(sql`
    insert into plan_labels (plan_id, label_id)
    select id, 1 + id % 19 from plans
    union all
    select id, ${RARE_LABEL} from plans where id % 1000 = 0`);
  await db.execute(sql`analyze users`);
  await db.execute(sql`analyze plans`);
  await db.execute(sql`analyze plan_labels`);
});

afterAll(async () => {
  await database?.close();
});

/** EXPLAIN of a built query with its own parameters, so the planner sees exactly what runs. */
async function planOf(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const parts: SQL[] = [sql.raw('explain ')];
  text.split(/\$(\d+)/).forEach((chunk, index) => {
    parts.push(index % 2 === 0 ? sql.raw(chunk) : sql`${params[Number(chunk) - 1]}`);
  });
  const result = (await database.db.execute(sql.join(parts))) as unknown as {
    rows: Record<string, string>[];
  };
  return result.rows.map((row) => Object.values(row)[0]).join('\n');
}

const paging = { page: 0, size: 25, sort: { key: 'id', order: 'asc' } } as const;
const search = (filters: Partial<PlanSearch>): PlanSearch => ({
  ownerDiscordIds: [],
  labelIds: [],
  ...filters,
});

describe(`shop search over ${PLANS.toLocaleString('en')} plans`, () => {
  it('finds plans by part of the name through the trigram index', async () => {
    const byName = search({ name: 'kraken' });
    expect(await planOf(listedPlansPageQuery(database.db, byName, paging))).toMatch(
      /Bitmap Index Scan on plans_name_trgm_idx/,
    );
    expect(await planOf(listedPlansCountQuery(database.db, byName))).toMatch(
      /Bitmap Index Scan on plans_name_trgm_idx/,
    );
    expect(await listedPlansPageQuery(database.db, byName, paging)).toHaveLength(PLANS / 2000);
  });

  it('finds plans by label through the label index', async () => {
    const byLabel = search({ labelIds: [RARE_LABEL] });
    expect(await planOf(listedPlansPageQuery(database.db, byLabel, paging))).toMatch(
      /plan_labels_label_id_idx/,
    );
    expect(await planOf(listedPlansCountQuery(database.db, byLabel))).toMatch(/plan_labels_label_id_idx/);
  });

  it("finds a developer's plans through the owner index", async () => {
    const byOwner = search({ ownerDiscordIds: [(FIRST_BULK_DISCORD_ID + 7n).toString()] });
    const pagePlan = await planOf(listedPlansPageQuery(database.db, byOwner, paging));
    expect(pagePlan).toMatch(/plans_owner_id_idx/);
    expect(pagePlan).toMatch(/users_discord_id_key/);
    expect(await planOf(listedPlansCountQuery(database.db, byOwner))).toMatch(/plans_owner_id_idx/);
    expect(await listedPlansPageQuery(database.db, byOwner, { ...paging, size: 100 })).toHaveLength(
      PLANS / OWNERS,
    );
  });

  it('reads the newest plans first page from the created_at index instead of sorting every plan', async () => {
    const newest = { page: 0, size: 25, sort: { key: 'createdAt', order: 'desc' } } as const;
    expect(await planOf(listedPlansPageQuery(database.db, search({}), newest))).toMatch(
      /Index Scan Backward using plans_created_at_id_idx/,
    );
  });
});
