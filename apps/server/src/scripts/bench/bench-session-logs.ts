import { TABLE_DEFAULT_PAGE_SIZE } from '@ember/contracts/constants';
import { createProductTokens } from '../../modules/identity/index.ts';
import { BENCH_LOAD, type BenchDatabase } from './bench-config.ts';
import { withClient } from './bench-data.ts';
import { runAlternated } from './bench-load.ts';
import { singleRequests } from './bench-longtail.ts';
import { startBenchServer } from './bench-server.ts';
import {
  BENCH_SESSION_LOGS,
  buildSessionLogBenchData,
  hasSessionLogBenchData,
} from './bench-session-logs-data.ts';

/**
 * Section `sessionlogs` (issue 36): /session-logs at BENCH_SESSION_LOGS.rows sessions (built by
 * `npm run bench:data` when missing) as staff read it: the first page, and the Discord-ID filter of
 * a long tail of users drawn at random per request (no one user's rows stay cached). One request at
 * a time (p50 / p95 / max over 300 each; the goal: p95 < 50 ms), then under load alternated with
 * /healthz (ratio, p99). BENCH_SESSION_LOGS_AS_BUILT=1 skips building the missing days.
 */
const SAMPLE = 300;
const FILTERED_USERS = 5_000;
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

export async function sessionLogsSection(bench: BenchDatabase, port: number, log: (line: string) => void) {
  // BENCH_SESSION_LOGS_AS_BUILT=1 measures the days built so far (the heading says how many rows).
  if (process.env.BENCH_SESSION_LOGS_AS_BUILT !== '1' && !(await hasSessionLogBenchData(bench))) {
    log('The session-log bench data is missing; building it (npm run bench:data) ...');
    await buildSessionLogBenchData(bench, log);
  }
  const { staff, discordIds, rows, partitions } = await readFixtures(bench.url);
  const server = await startBenchServer({ port, databaseUrl: bench.url });
  try {
    const tokens = createProductTokens({ secret: server.jwtSecret, ttlSeconds: 3600 });
    const token = await tokens.sign({
      sub: String(staff.id),
      discordId: staff.discord_id,
      roles: staff.roles as never,
    });
    const headers = { authorization: `Bearer ${token}` };
    const firstPage = `/api/shop/session-logs?page=0&size=${TABLE_DEFAULT_PAGE_SIZE}`;
    const filtered = discordIds.map((id) => `${firstPage}&discordId=${id}`);
    log('');
    log(
      `## /session-logs (PostgreSQL ${bench.name}: ${rows.toLocaleString('en')} sessions in ${partitions} day partitions; filter over ${discordIds.length.toLocaleString('en')} users drawn at random)`,
    );
    // Warm the connection pool and the plans; then measure.
    await singleRequests(server.origin, [firstPage], 20, headers);
    await singleRequests(server.origin, filtered, 20, headers);
    // /healthz one at a time too: what this machine's load adds to any request right now.
    const single = [
      { name: '/healthz (baseline)', ...(await singleRequests(server.origin, ['/healthz'], SAMPLE)) },
      { name: 'first page', ...(await singleRequests(server.origin, [firstPage], SAMPLE, headers)) },
      {
        name: "a user's Discord-ID filter",
        ...(await singleRequests(server.origin, filtered, SAMPLE, headers)),
      },
    ];
    log('');
    log(`One request at a time, ${SAMPLE} each (whole request):`);
    log('');
    log('| request | p50 | p95 | max | non-200 |');
    log('|---|---|---|---|---|');
    for (const row of single) {
      log(`| ${row.name} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.max)} | ${row.failures} |`);
    }
    const loaded = await runAlternated(
      server.origin,
      [
        { name: 'first page', path: () => firstPage, headers: () => headers },
        {
          name: "a user's Discord-ID filter (random user per request)",
          path: () => filtered[Math.floor(Math.random() * filtered.length)] ?? firstPage,
          headers: () => headers,
        },
      ],
      BENCH_LOAD,
      log,
      server.pid,
    );
    log('');
    log(
      `Under load (${BENCH_LOAD.connections} connections, ${BENCH_LOAD.rounds} rounds of ${BENCH_LOAD.seconds} s alternated with /healthz, medians):`,
    );
    log('');
    log(
      '| request | req/s | p50 | p99 | /healthz req/s | ratio to /healthz | server CPU per request | non-2xx / errors |',
    );
    log('|---|---|---|---|---|---|---|---|');
    for (const result of loaded) {
      log(
        `| ${result.name} | ${result.route.requestsPerSecond.toFixed(0)} | ${ms(result.route.p50)} | ${ms(result.route.p99)} | ${result.healthz.requestsPerSecond.toFixed(0)} | ${result.ratio.toFixed(3)} | ${result.route.cpuMsPerRequest?.toFixed(3) ?? '?'} ms | ${result.route.non2xx} / ${result.route.errors + result.route.timeouts} |`,
      );
    }
  } finally {
    await server.stop();
  }
}

function readFixtures(url: string) {
  return withClient(url, async (client) => {
    const staff = await client.query<{ id: number; discord_id: string; roles: string[] }>(
      `select id, discord_id, roles from users where 'STAFF' = any(roles) order by id limit 1`,
    );
    // Every user holds about rows / users sessions; a spread sample of them, in a fixed order.
    const users = await client.query<{ discord_id: string }>(
      `select discord_id from users order by md5(id::text) limit ${FILTERED_USERS}`,
    );
    const size = await client.query<{ rows: string; partitions: string }>(
      `select coalesce(sum(c.reltuples), 0)::bigint as rows, count(*) as partitions
       from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'session_logs'::regclass`,
    );
    const staffRow = staff.rows[0];
    if (!staffRow) throw new Error('The bench database has no STAFF user (the demo data).');
    return {
      staff: staffRow,
      discordIds: users.rows.map((row) => row.discord_id),
      rows: Number(size.rows[0]?.rows ?? BENCH_SESSION_LOGS.rows),
      partitions: Number(size.rows[0]?.partitions ?? 0),
    };
  });
}
