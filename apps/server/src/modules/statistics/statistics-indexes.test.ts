import { createTestDatabase, type TestDatabase } from '@ember/db/test-support/test-database';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryPlanOf } from '../../../test-support/query-plan.ts';
import { earningsQuery, findEarnings } from '../payouts/earnings.repository.ts';
import { findPayouts } from '../payouts/payouts.repository.ts';
import {
  activeSubscribersPerMonthQuery,
  countPurchasesPerMonth,
  sumRevenuePerMonth,
} from './statistics.repository.ts';

// The developer's numbers must stay one cheap query each on a big store. Timings are noisy, so this
// fills the store (40,000 subscriptions, 60,000 postings, 4,000 payouts over 200 developers), lets
// PostgreSQL gather statistics, and checks that the plans it picks for the exact queries the
// repositories build read the indexes instead of scanning whole tables.

const DEVELOPERS = 200;
const PLANS = 1000;
const SUBSCRIPTIONS = 40_000;
const JOURNALS = 30_000;
const PAYOUTS = 4000;
/** Marks this file's journals apart from the demo data's. */
const BULK = 'statistics index test';

let database: TestDatabase;
let developerId: number;
let priceId: number;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db.execute(sql`
    insert into users (discord_id, username, display_name, roles)
    select (900000000000000000 + g)::text, 'statsdev' || g, 'Stats Developer ' || g, array['CUSTOMER', 'DEVELOPER']
    from generate_series(1, ${DEVELOPERS}) g`);
  const [first] = rowsOf<{ id: number }>(
    await db.execute(sql`select min(id) as id from users where username like 'statsdev%'`),
  );
  const firstUser = Number(first?.id);
  developerId = firstUser + 7;
  await db.execute(sql`
    insert into plans (owner_id, name, description)
    select ${firstUser} + g % ${DEVELOPERS}, 'Stats plan ' || g, 'x' from generate_series(1, ${PLANS}) g`);
  await db.execute(sql`
    insert into prices (plan_id, name, period, price, enabled, hidden)
    select id, 'Monthly', 'MONTHLY', 100, true, false from plans where name like 'Stats plan %'`);
  await db.execute(sql`
    insert into subscriptions (user_id, plan_id, price_id, purchase_date, start_date, expire_date)
    select ${firstUser} + g % ${DEVELOPERS}, p.plan_id, p.id,
           now() - make_interval(days => g % 700), now() - make_interval(days => g % 700),
           now() - make_interval(days => g % 700) + interval '30 days'
    from generate_series(1, ${SUBSCRIPTIONS}) g
    join (select id, plan_id, row_number() over (order by id) as n from prices where name = 'Monthly') p
      on p.n = 1 + g % ${PLANS}`);
  await db.execute(sql`
    insert into ledger_journals (kind, reference_kind, reference_id, description, created_at)
    select 'ADMIN_ADJUSTMENT', 'USER', g, ${BULK}, now() - make_interval(hours => g)
    from generate_series(1, ${JOURNALS}) g`);
  // Postings that keep the books true: each account's chain of balances runs in id order, and the
  // cached balances are set to what the postings add up to (the test database checks the books on close).
  await db.execute(sql`
    insert into ledger_entries (journal_id, user_id, account, type, amount, balance_after, created_at)
    select journal_id, user_id, account, type, amount,
           case when user_id is null then null
                else (sum(amount) over (partition by user_id, account order by journal_id))::int end,
           created_at
    from (
      select j.id as journal_id, ${firstUser} + j.reference_id % ${DEVELOPERS} as user_id,
             case when j.reference_id % 3 = 0 then 'CREDITS' else 'EARNINGS' end as account,
             case when j.reference_id % 3 = 0 then 'PURCHASE' else 'DEVELOPER_EARNING' end as type,
             10 as amount, j.created_at, 0 as side
      from ledger_journals j where j.description = ${BULK}
      union all
      select j.id, null::int, 'ADJUSTMENTS', 'ADMIN_ADJUSTMENT', -10, j.created_at, 1
      from ledger_journals j where j.description = ${BULK}
    ) postings
    order by journal_id, side`);
  await db.execute(sql`
    update users u
    set balance = u.balance + t.credits, earnings = u.earnings + t.earnings
    from (
      select e.user_id,
             coalesce(sum(e.amount) filter (where e.account = 'CREDITS'), 0) as credits,
             coalesce(sum(e.amount) filter (where e.account = 'EARNINGS'), 0) as earnings
      from ledger_entries e join ledger_journals j on j.id = e.journal_id
      where j.description = ${BULK} and e.user_id is not null
      group by e.user_id
    ) t
    where u.id = t.user_id`);
  await db.execute(sql`
    insert into payouts (user_id, amount, date)
    select ${firstUser} + g % ${DEVELOPERS}, 100, now() - make_interval(days => g % 365)
    from generate_series(1, ${PAYOUTS}) g`);
  const [price] = rowsOf<{ id: number }>(
    await db.execute(sql`select min(id) as id from prices where name = 'Monthly'`),
  );
  priceId = Number(price?.id);
  for (const table of [
    'users',
    'plans',
    'prices',
    'subscriptions',
    'ledger_journals',
    'ledger_entries',
    'payouts',
  ]) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
});

afterAll(async () => {
  await database?.close();
});

const planOf = (query: Parameters<typeof queryPlanOf>[1]) => queryPlanOf(database.db, query);

const yearStart = new Date(Date.UTC(new Date().getUTCFullYear(), 0, 1));
const yearEnd = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 1));
const twelveMonthsAgo = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 11, 1));

describe('developer statistics on a big store', () => {
  it("counts a price's purchases per month from the (price_id, purchase_date) index", async () => {
    const plan = await planOf(countPurchasesPerMonth(database.db, priceId, yearStart, yearEnd));
    expect(plan).toMatch(/subscriptions_price_id_purchase_date_id_idx/);
    expect(plan).not.toMatch(/Seq Scan on subscriptions/);
  });

  it("sums a developer's revenue per month from the earnings index", async () => {
    const plan = await planOf(sumRevenuePerMonth(database.db, developerId, twelveMonthsAgo));
    expect(plan).toMatch(/ledger_entries_earnings_user_id_created_at_idx/);
    expect(plan).not.toMatch(/Seq Scan on ledger_entries/);
    const rows = await sumRevenuePerMonth(database.db, developerId, twelveMonthsAgo);
    expect(rows.length).toBeGreaterThan(0);
  });

  it("counts active subscribers per month through the developer's plans", async () => {
    const plan = await planOf(activeSubscribersPerMonthQuery(developerId, twelveMonthsAgo, 12));
    expect(plan).toMatch(/plans_owner_id_idx/);
    expect(plan).toMatch(/subscriptions_plan_id(_purchase_date_id)?_idx/);
    expect(plan).not.toMatch(/Seq Scan on subscriptions/);
  });

  it("reads a developer's payouts and earnings card through indexes", async () => {
    const page = findPayouts(
      database.db,
      { userId: developerId },
      {
        sort: { key: 'date', order: 'desc' },
        limit: 10,
        offset: 0,
      },
    );
    expect(await planOf(page)).toMatch(/payouts_user_id_date_idx/);
    const card = await planOf(earningsQuery(database.db, developerId, twelveMonthsAgo));
    expect(card).toMatch(/payouts_user_id_date_idx/);
    expect(card).toMatch(/ledger_journals_reference_idx/);
    expect(card).toMatch(/ledger_entries_earnings_user_id_created_at_idx/);
    expect(card).not.toMatch(/Seq Scan on (payouts|ledger_entries|ledger_journals)/);
    expect(await findEarnings(database.db, developerId, twelveMonthsAgo)).not.toBeNull();
  });
});
