import { createDbClient } from '@ember/db/client';
import { isDatabaseEmpty, seedDemoData } from '@ember/db/seed/seed';
import pg from 'pg';
import { BENCH_SCALE, type BenchDatabase } from './bench-config.ts';

/**
 * The large data set of issue 11, built with set-based SQL (generate_series) on top of the demo
 * data: BENCH_SCALE.plans plans with two listed prices each, BENCH_SCALE.subscriptions
 * subscriptions (one "hot" plan holding HOT_PRICE_SUBS + 5,000 of them), and balanced journals for
 * every paid one (buyer credits, developer earnings, platform share) after an opening balance per
 * buyer, so `ledger:check` stays clean. Ends with VACUUM ANALYZE.
 */
export async function ensureBenchDatabase(bench: BenchDatabase): Promise<void> {
  const admin = new pg.Client({ connectionString: bench.adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [bench.name]);
    if (found.rowCount === 0) await admin.query(`create database "${bench.name}"`);
  } finally {
    await admin.end();
  }
  const database = createDbClient({ databaseUrl: bench.url, maxConnections: 1 });
  try {
    await database.migrate();
    if (await isDatabaseEmpty(database.db)) await seedDemoData(database.db);
  } finally {
    await database.close();
  }
}

export async function hasBenchData(bench: BenchDatabase): Promise<boolean> {
  return withClient(bench.url, async (client) => {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from users where username like 'bench\\_%'",
    );
    return Number(rows[0]?.n ?? 0) > 0;
  });
}

export async function buildBenchData(bench: BenchDatabase, log: (line: string) => void): Promise<void> {
  await withClient(bench.url, async (client) => {
    const { users, developers, plans, subscriptions, hotPriceSubscriptions } = BENCH_SCALE;
    const step = async (label: string, text: string) => {
      const started = Date.now();
      const result = await client.query(text);
      log(`  ${label}: ${result.rowCount ?? 0} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    };
    await client.query('set synchronous_commit = off');
    await client.query('begin');
    // Offsets after the demo data; the identity sequences are moved past the new rows at the end.
    await client.query(`create temporary table base on commit drop as select
      (select coalesce(max(id), 0) from users) as u,
      (select coalesce(max(id), 0) from plans) as p,
      (select coalesce(max(id), 0) from prices) as pr,
      (select coalesce(max(id), 0) from subscriptions) as s,
      (select coalesce(max(id), 0) from ledger_journals) as j,
      (select coalesce(max(id), 0) from ledger_entries) as e`);

    // Buyers 1..users; the first `developers` of them also own plans.
    await step(
      'users',
      `insert into users (id, discord_id, username, display_name, roles, registration_date)
       select base.u + i, (800000000000000000 + i)::text, 'bench_' || i, 'Bench User ' || i,
              case when i <= ${developers} then array['CUSTOMER','DEVELOPER'] else array['CUSTOMER'] end,
              now() - (i % 900) * interval '1 day'
       from base, generate_series(1, ${users}) i`,
    );
    // Names start with a random-looking word so a sort by name touches the whole catalog.
    await step(
      'plans',
      `insert into plans (id, owner_id, name, description, tags, hidden, enabled, created_at)
       select base.p + i, base.u + 1 + (i - 1) % ${developers},
              initcap(substr(md5(i::text), 1, 6)) || ' Plugin Pack ' || i,
              '## Bench plan ' || i || E'\\n\\nA generated plan with **markdown**.',
              array['bench'], i % 50 = 0, i % 97 <> 0, now() - i * interval '1 minute'
       from base, generate_series(1, ${plans}) i`,
    );
    await step(
      'plan labels',
      `insert into plan_labels (plan_id, label_id)
       select base.p + i, l from base, generate_series(1, ${plans}) i,
         lateral (select distinct unnest(array[1 + i % 28, 1 + (i * 7) % 28]) as l) labels`,
    );
    // Two listed prices per plan: price k belongs to plan (k + 1) / 2. Every 20th plan's first price has slots.
    await step(
      'prices',
      `insert into prices (id, plan_id, name, description, period, price, promo_discount_percent,
                           promo_extra_days, slots, enabled, hidden)
       select base.pr + k, base.p + (k + 1) / 2,
              case when k % 2 = 1 then 'Monthly' else 'Yearly' end, '',
              case when k % 2 = 1 then 'MONTHLY' else 'YEARLY' end,
              case when k % 2 = 1 then 100 + (k % 50) * 10 else 1000 + (k % 50) * 50 end,
              case when k % 10 = 1 then 10 else 0 end, case when k % 10 = 3 then 7 else 0 end,
              case when k % 40 = 1 then 1000000 else null end, true, false
       from base, generate_series(1, ${plans * 2}) k`,
    );
    // Subscription g: the first hotPriceSubscriptions on price 1 (the hot plan's monthly price),
    // the next 5,000 on its yearly price, the rest spread over every price. 7 in 10 are paid.
    await step(
      'subscriptions',
      `insert into subscriptions (id, user_id, plan_id, price_id, purchase_date, start_date, expire_date,
                                  purchase_price, created_at)
       select base.s + g, base.u + 1 + (g::bigint * 7919) % ${users}, base.p + (k + 1) / 2, base.pr + k,
              at, at, at + case when k % 2 = 1 then interval '30 days' else interval '365 days' end,
              case when g % 10 < 7 then case when k % 2 = 1 then 100 + (k % 50) * 10 else 1000 + (k % 50) * 50 end
                   * (100 - case when k % 10 = 1 then 10 else 0 end) / 100 else 0 end,
              at
       from base, generate_series(1, ${subscriptions}) g,
         lateral (select case when g <= ${hotPriceSubscriptions} then 1
                              when g <= ${hotPriceSubscriptions + 5000} then 2
                              else 1 + (g::bigint * 104729) % ${plans * 2} end as k,
                         now() - (g % 700) * interval '1 day' - g * interval '1 second' as at) pick`,
    );
    // One opening balance per buyer (journal j = i), then one sale journal per paid subscription.
    await step(
      'opening journals',
      `insert into ledger_journals (id, kind, reference_kind, reference_id, description, created_at)
       select base.j + i, 'OPENING_BALANCE', 'USER', base.u + i, 'Bench opening balance', now() - interval '800 days'
       from base, generate_series(1, ${users}) i`,
    );
    await step(
      'sale journals',
      `insert into ledger_journals (id, kind, reference_kind, reference_id, description, created_at)
       select base.j + ${users} + row_number() over (order by s.id), 'SUBSCRIPTION_PURCHASE', 'SUBSCRIPTION', s.id,
              'Purchase of ' || p.name || ' (' || pr.name || ')', s.purchase_date
       from base, subscriptions s join plans p on p.id = s.plan_id join prices pr on pr.id = s.price_id
       where s.id > base.s and s.purchase_price > 0`,
    );
    // Postings: 2 per opening balance, 3 per sale; balance_after is the running sum per account.
    await step(
      'ledger entries',
      `insert into ledger_entries (id, journal_id, user_id, account, type, amount, balance_after, description, created_at)
       select base.e + row_number() over (order by posting.journal_id, posting.n), posting.journal_id, posting.user_id,
              posting.account, posting.type, posting.amount,
              case when posting.user_id is null then null
                   else sum(posting.amount) over (partition by posting.user_id, posting.account
                                                  order by posting.journal_id, posting.n) end,
              posting.description, posting.created_at
       from base, (
         select j.id as journal_id, x.n, x.user_id, x.account, x.type, x.amount, j.description, j.created_at
         from base b, ledger_journals j,
           lateral (values (1, j.reference_id, 'CREDITS', 'SEED', 1000000),
                           (2, null::int, 'OPENING_BALANCES', 'SEED', -1000000)) x(n, user_id, account, type, amount)
         where j.id > b.j and j.kind = 'OPENING_BALANCE'
         union all
         select j.id, x.n, x.user_id, x.account, x.type, x.amount, j.description, j.created_at
         from base b, ledger_journals j join subscriptions s on s.id = j.reference_id join plans p on p.id = s.plan_id,
           lateral (values (1, s.user_id, 'CREDITS', 'PURCHASE', -s.purchase_price),
                           (2, p.owner_id, 'EARNINGS', 'DEVELOPER_EARNING', s.purchase_price * 80 / 100),
                           (3, null::int, 'PLATFORM_REVENUE', 'PLATFORM_SHARE', s.purchase_price - s.purchase_price * 80 / 100))
             x(n, user_id, account, type, amount)
         where j.id > b.j and j.kind = 'SUBSCRIPTION_PURCHASE' and x.amount <> 0
       ) posting`,
    );
    await step(
      'cached balances',
      `update users u set balance = t.credits, earnings = t.earnings
       from (select user_id,
                    coalesce(sum(amount) filter (where account = 'CREDITS'), 0) as credits,
                    coalesce(sum(amount) filter (where account = 'EARNINGS'), 0) as earnings
             from ledger_entries, base where id > base.e and user_id is not null group by user_id) t
       where u.id = t.user_id`,
    );
    for (const table of ['users', 'plans', 'prices', 'subscriptions', 'ledger_journals', 'ledger_entries']) {
      await client.query(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
      );
    }
    await client.query('commit');
    const started = Date.now();
    // VACUUM sets the visibility map, so index-only scans need no heap visits (as on a live database).
    await client.query('vacuum analyze');
    log(`  vacuum analyze: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
}

/** One connection to `url` for `run`, closed after. */
export async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
