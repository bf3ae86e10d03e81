import type pg from 'pg';
import { BENCH_SCALE, type BenchDatabase } from './bench-config.ts';
import { withClient } from './bench-data.ts';

/**
 * The session logs of issue 36: BENCH_SESSION_LOGS.rows one-per-session rows (100 million by
 * default) spread evenly over the BENCH_SESSION_LOGS.days whole days before today (the default
 * 90-day retention), across every user of the bench database, built with set-based SQL.
 *
 * Day by day, so an interrupted build resumes where it stopped and an existing bench database
 * gains the logs without rebuilding the rest: each day's rows go into a plain table (no index to
 * maintain row by row), get the partition's key and indexes built in one sort each, and the table
 * is attached as the day's partition (its CHECK saves the bounds scan). The demo data's rows of
 * that day, if any, move along. Each finished day is vacuumed and analyzed (visibility map for
 * the index-only counts, statistics for the planner). The day's bound and its users' days
 * (decisions 0049, 0060) are counted by one aggregate of the partition.
 */
export const BENCH_SESSION_LOGS = {
  rows: Number(process.env.BENCH_SESSION_LOGS ?? 100_000_000),
  days: 90,
  plugins: 40,
} as const;

/** Marks a bench row (the demo data's rows have real plugin names). */
const BENCH_PLUGIN_PREFIX = 'Bench Plugin ';

const DAY_MS = 86_400_000;

const dayName = (day: Date) => day.toISOString().slice(0, 10);
const partitionOf = (day: Date) => `session_logs_p${dayName(day).replaceAll('-', '')}`;

/** The whole UTC days before today that hold bench rows, oldest first. */
function benchDays(now: Date): Date[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from(
    { length: BENCH_SESSION_LOGS.days },
    (_, index) => new Date(today - (BENCH_SESSION_LOGS.days - index) * DAY_MS),
  );
}

async function hasBenchRows(client: pg.Client, partition: string): Promise<boolean> {
  const exists = await client.query('select to_regclass($1) as oid', [`public.${partition}`]);
  if (exists.rows[0]?.oid === null) return false;
  const found = await client.query(
    `select 1 from "${partition}" where plugin_name like '${BENCH_PLUGIN_PREFIX}%' limit 1`,
  );
  return (found.rowCount ?? 0) > 0;
}

/** Marks the players made for a session-logs-only bench database (BENCH_DATA=sessionlogs). */
const SESSION_LOG_USER_PREFIX = 'slbench_';
const FIRST_SESSION_LOG_DISCORD_ID = 810_000_000_000_000_000n;

/**
 * BENCH_SCALE.users players to spread the session logs over, when the database has not the large
 * data set's (its `bench_` users); how many players it has.
 */
export async function ensureSessionLogUsers(bench: BenchDatabase): Promise<number> {
  return withClient(bench.url, async (client) => {
    const { rows } = await client.query<{ n: string }>('select count(*) as n from users');
    const missing = BENCH_SCALE.users - Number(rows[0]?.n ?? 0);
    if (missing > 0)
      await client.query(
        `insert into users (discord_id, username, display_name, roles)
         select (${FIRST_SESSION_LOG_DISCORD_ID}::bigint + i)::text, '${SESSION_LOG_USER_PREFIX}' || i, 'Session Log Player ' || i,
                array['CUSTOMER']
         from generate_series(1, $1::int) i`,
        [missing],
      );
    return Math.max(BENCH_SCALE.users, Number(rows[0]?.n ?? 0));
  });
}

/** Whether every bench day holds its rows (a day at a time, so an interrupted build is missing). */
export async function hasSessionLogBenchData(bench: BenchDatabase, now = new Date()): Promise<boolean> {
  return withClient(bench.url, async (client) => {
    for (const day of benchDays(now)) if (!(await hasBenchRows(client, partitionOf(day)))) return false;
    return true;
  });
}

export async function buildSessionLogBenchData(
  bench: BenchDatabase,
  log: (line: string) => void,
  now = new Date(),
): Promise<void> {
  await withClient(bench.url, async (client) => {
    await client.query('set synchronous_commit = off');
    await client.query("set maintenance_work_mem = '256MB'");
    const perDay = Math.ceil(BENCH_SESSION_LOGS.rows / BENCH_SESSION_LOGS.days);
    for (const day of benchDays(now)) {
      const partition = partitionOf(day);
      if (await hasBenchRows(client, partition)) continue;
      const started = Date.now();
      await buildDay(client, { day, partition, perDay });
      log(
        `  session logs ${dayName(day)}: ${perDay} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    const started = Date.now();
    await client.query('analyze session_logs');
    log(`  analyze session_logs: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
}

async function buildDay(
  client: pg.Client,
  spec: { day: Date; partition: string; perDay: number },
): Promise<void> {
  const { day, partition, perDay } = spec;
  const from = `${dayName(day)} 00:00:00+00`;
  const to = `${dayName(new Date(day.getTime() + DAY_MS))} 00:00:00+00`;
  const building = `${partition}_bench`;
  await client.query('begin');
  await client.query(`drop table if exists "${building}"`);
  await client.query(`create table "${building}" (like session_logs including defaults)`);
  const existing = await client.query('select to_regclass($1) as oid', [`public.${partition}`]);
  const hadPartition = existing.rows[0]?.oid !== null;
  if (hadPartition) await client.query(`insert into "${building}" select * from "${partition}"`);
  // Session i of the day starts at i / perDay of it and heartbeats for 0 to 8 hours; every user
  // (picked through the sorted array of ids; not the client section's players, made and deleted by
  // each run) and plugin gets its share; about 1 in 97 sessions
  // went over a limit.
  await client.query(
    `insert into "${building}" (session_id, user_id, plugin_id, plugin_name, started_at, last_update, exceeded)
     with u as (select array_agg(id order by id) as ids, count(*) as n from users where username not like 'bench\\_client\\_%')
     select gen_random_uuid(), u.ids[1 + (i::bigint * 7919 + $1::bigint * 104729) % u.n],
            i % ${BENCH_SESSION_LOGS.plugins}, '${BENCH_PLUGIN_PREFIX}' || (i % ${BENCH_SESSION_LOGS.plugins}),
            s.at, s.at + ((i::bigint * 7907) % 480) * interval '1 minute', i % 97 = 0
     from u, generate_series(1, $2::int) i,
       lateral (select $3::timestamptz + (i - 1) * (interval '1 day' / $2::int) as at) s`,
    [day.getTime() / DAY_MS, perDay, from],
  );
  await client.query(`alter table "${building}" add primary key (session_id, started_at)`);
  // The table's own indexes (whatever the migrations made them), built by sort now the rows are in.
  const indexes = await client.query(
    `select pg_get_indexdef(i.indexrelid) as definition from pg_index i
     where i.indrelid = 'public.session_logs'::regclass and not i.indisprimary`,
  );
  for (const { definition } of indexes.rows as { definition: string }[]) {
    await client.query(
      definition.replace(
        /^CREATE INDEX \S+ ON (ONLY )?public\.session_logs /,
        `create index on "${building}" `,
      ),
    );
  }
  await client.query(
    `alter table "${building}" add constraint "${building}_bounds" check (started_at >= '${from}' and started_at < '${to}')`,
  );
  if (hadPartition) await client.query(`drop table "${partition}"`);
  await client.query(`alter table "${building}" rename to "${partition}"`);
  await client.query(
    `alter table session_logs attach partition "${partition}" for values from ('${from}') to ('${to}')`,
  );
  await client.query(`alter table "${partition}" drop constraint "${building}_bounds"`);
  // The past day counted as the upkeep counts a day over (decision 0060): its users' days and its
  // bound, in one aggregate of the partition.
  await client.query('select session_logs_count_day($1::date)', [dayName(day)]);
  await client.query('commit');
  await client.query(`vacuum analyze "${partition}"`);
}
