import { countFinishedSessionLogDays, createSessionLogPartitions } from '@ember/db/session-log-partitions';
import { createTestDatabase, type TestDatabase } from '@ember/db/test-support/test-database';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryPlanOf } from '../../../test-support/query-plan.ts';
import { touchSessionLogsStatement } from './session-logs.repository.ts';
import {
  countSessionLogs,
  findCandidateDays,
  findSessionLogsListing,
  type SessionLogFilters,
  sessionLogsPageQuery,
} from './session-logs-page.repository.ts';

// /session-logs must stay fast however many sessions the retention holds (ADR 0037, 0049): the
// page and the Discord-ID filter read the newest day partitions through their indexes alone,
// never a scan of a whole partition, and a heartbeat's update searches only its session's day.

const DAYS = 20;
const SESSIONS = 100_000;
const USERS = 2_000;
const FIRST_BULK_DISCORD_ID = 820_000_000_000_000_000n;
const DAY_MS = 86_400_000;
/**
 * The sessions' present: noon yesterday (UTC). Read at the real time of day, the newest partition
 * held only the hours since midnight (a few rows just after it, which the planner scans) and, from
 * 23:00, the next day's empty partition was a candidate: the plans changed with the hour of the run.
 */
const NOW = (() => {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 1, 12));
})();

let database: TestDatabase;

beforeAll(async () => {
  // Without the demo data: its sessions are of the real present, after NOW.
  database = await createTestDatabase({ seed: false });
  const { db } = database;
  await createSessionLogPartitions(db, new Date(NOW.getTime() - DAYS * DAY_MS), NOW);
  await db.execute(sql`
    insert into users (discord_id, username, display_name)
    select (${FIRST_BULK_DISCORD_ID.toString()}::bigint + g)::text, 'bulkplayer' || g, 'Bulk Player ' || g
    from generate_series(1, ${USERS}) g`);
  // Sessions spread evenly over the last DAYS days, opened, then heartbeating up to two hours (one
  // batch), and the days over counted as the upkeep does (decision 0060).
  await db.execute(sql`
    insert into session_logs (session_id, user_id, plugin_id, plugin_name, started_at, last_update, exceeded)
    select gen_random_uuid(), (select min(id) from users where username like 'bulkplayer%') + g % ${USERS},
           g % 40, 'Bulk Plugin ' || (g % 40), at, at, g % 97 = 0
    from generate_series(1, ${SESSIONS}) g,
      lateral (select ${NOW.toISOString()}::timestamptz - g * (interval '1 day' * ${DAYS} / ${SESSIONS}) as at) s`);
  await db.execute(sql`
    update session_logs set last_update = started_at + (extract(epoch from started_at)::bigint % 120) * interval '1 minute'`);
  await countFinishedSessionLogDays(db, NOW);
  // As on a live database, where autovacuum keeps the visibility map of the older days.
  await db.execute(sql`vacuum analyze session_logs`);
  await db.execute(sql`analyze users`);
});

afterAll(async () => {
  await database?.close();
});

/** The plan of the page's read over the first two candidate days, as a first page reads them. */
async function pagePlan(filters: SessionLogFilters) {
  const days = await findCandidateDays(database.db, filters, NOW);
  return queryPlanOf(
    database.db,
    sessionLogsPageQuery(database.db, filters, { page: 0, size: 10 }, days.slice(0, 2)),
  );
}

const partitionsIn = (plan: string) => new Set(plan.match(/on session_logs_p\d{8}/g));

describe(`GET /session-logs over ${SESSIONS.toLocaleString('en')} sessions in ${DAYS} day partitions`, () => {
  it('reads the first page newest first from the newest partitions’ (last_update, session_id) indexes alone, merged', async () => {
    const plan = await pagePlan({});
    expect(partitionsIn(plan).size).toBeLessThanOrEqual(2);
    expect(plan).toMatch(/Merge Append/);
    expect(plan).toMatch(/Index Only Scan using session_logs_p\d{8}_last_update_session_id\w*_idx/);
    expect(plan).not.toMatch(/Seq Scan on session_logs_p/);
    expect(plan).not.toMatch(/^\s*(->\s+)?(Incremental )?Sort\s+\(/m);
  });

  it('reads one Discord id’s sessions from the (user_id, last_update) index alone', async () => {
    const plan = await pagePlan({ discordId: String(FIRST_BULK_DISCORD_ID + 7n) });
    expect(partitionsIn(plan).size).toBeLessThanOrEqual(2);
    expect(plan).toMatch(/Index Only Scan using session_logs_p\d{8}_user_id_last_update\w*_idx/);
    expect(plan).toMatch(/users_discord_id_key/);
    expect(plan).not.toMatch(/Seq Scan on session_logs_p/);
  });

  it('counts a filtered page no further than it must, through the index', async () => {
    const filters = { discordId: String(FIRST_BULK_DISCORD_ID + 7n) };
    const days = await findCandidateDays(database.db, filters, NOW);
    expect(await countSessionLogs(database.db, filters, { page: 0, size: 10 }, days)).toBe(SESSIONS / USERS);
  });

  it('gives the same pages as a read of every partition, first, deep and filtered', async () => {
    const everyPartition = (filters: SessionLogFilters, page: number, size: number) =>
      database.db.execute(sql`
        select l.session_id as "sessionId", l.last_update as "lastUpdate" from session_logs l
        where ${filters.discordId === undefined ? sql`true` : sql`l.user_id = (select id from users where discord_id = ${filters.discordId})`}
        order by l.last_update desc, l.session_id desc limit ${size} offset ${page * size}`);
    for (const [filters, page, size] of [
      [{}, 0, 10],
      [{}, 300, 100],
      [{ discordId: String(FIRST_BULK_DISCORD_ID + 7n) }, 0, 10],
      [{ discordId: String(FIRST_BULK_DISCORD_ID + 7n) }, 4, 10],
    ] as const) {
      const { rows } = await findSessionLogsListing(database.db, filters, { page, size }, NOW);
      const expected = (await everyPartition(filters, page, size)) as unknown as {
        rows: { sessionId: string }[];
      };
      expect(rows.map((row) => row.sessionId)).toEqual(expected.rows.map((row) => row.sessionId));
    }
  });

  it('updates a heartbeat’s last update in its session’s day partition only', async () => {
    const [row] = (
      (await database.db.execute(
        // A session of a whole day ten days back (the oldest day holds only its last twelve hours).
        sql`select session_id, started_at from session_logs where started_at < ${NOW.toISOString()}::timestamptz - interval '10 days' order by started_at desc limit 1`,
      )) as unknown as { rows: { session_id: string; started_at: string | Date }[] }
    ).rows;
    const touch = {
      sessionId: row?.session_id ?? '',
      startedAt: new Date(row?.started_at ?? 0),
      lastUpdate: new Date(),
    };
    const plan = await queryPlanOf(database.db, touchSessionLogsStatement([touch]));
    expect(new Set(plan.match(/on session_logs_p\d{8}/g))).toHaveProperty('size', 1);
    expect(plan).toMatch(/session_logs_p\d{8}_pkey|session_logs_p\d{8}_session_id_started_at/);
  });
});
