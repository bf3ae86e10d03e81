import { createSessionLogPartitions } from '@ember/db/session-log-partitions';
import { createTestDatabase, type TestDatabase } from '@ember/db/testing/test-database';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryPlanOf } from '../../testing/query-plan.ts';
import {
  countSessionLogs,
  findSessionLogsPage,
  type SessionLogFilters,
  touchSessionLogsStatement,
} from './session-logs.repository.ts';

// /session-logs must stay fast however many sessions the retention holds (ADR 0037): the page and
// the Discord-ID filter read each day partition through its index, newest first, never a scan of
// a whole partition, and a heartbeat's update searches only its session's day.

const DAYS = 20;
const SESSIONS = 100_000;
const USERS = 2_000;
const FIRST_BULK_DISCORD_ID = 820_000_000_000_000_000n;
const DAY_MS = 86_400_000;

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const now = new Date();
  await createSessionLogPartitions(db, new Date(now.getTime() - DAYS * DAY_MS), now);
  await db.execute(sql`
    insert into users (discord_id, username, display_name)
    select (${FIRST_BULK_DISCORD_ID.toString()}::bigint + g)::text, 'bulkplayer' || g, 'Bulk Player ' || g
    from generate_series(1, ${USERS}) g`);
  // Sessions spread evenly over the last DAYS days, each heartbeating up to two hours.
  await db.execute(sql`
    insert into session_logs (session_id, user_id, plugin_id, plugin_name, started_at, last_update, exceeded)
    select gen_random_uuid(), (select min(id) from users where username like 'bulkplayer%') + g % ${USERS},
           g % 40, 'Bulk Plugin ' || (g % 40), at, at + (g % 120) * interval '1 minute', g % 97 = 0
    from generate_series(1, ${SESSIONS}) g,
      lateral (select now() - g * (interval '1 day' * ${DAYS} / ${SESSIONS}) as at) s`);
  // As on a live database, where autovacuum keeps the visibility map of the older days.
  await db.execute(sql`vacuum analyze session_logs`);
  await db.execute(sql`analyze users`);
});

afterAll(async () => {
  await database?.close();
});

const pagePlan = (filters: SessionLogFilters) =>
  queryPlanOf(database.db, findSessionLogsPage(database.db, filters, { page: 0, size: 10 }));

describe(`GET /session-logs over ${SESSIONS.toLocaleString('en')} sessions in ${DAYS} day partitions`, () => {
  it('reads the first page newest first from every partition’s (last_update, session_id) index alone, merged', async () => {
    const plan = await pagePlan({});
    expect(plan).toMatch(/Merge Append/);
    expect(plan).toMatch(/Index Only Scan using session_logs_p\d{8}_last_update_session_id\w*_idx/);
    expect(plan).not.toMatch(/Seq Scan on session_logs_p/);
    expect(plan).not.toMatch(/^\s*(->\s+)?(Incremental )?Sort\s+\(/m);
  });

  it('reads one Discord id’s sessions from the (user_id, last_update) index alone', async () => {
    const plan = await pagePlan({ discordId: String(FIRST_BULK_DISCORD_ID + 7n) });
    expect(plan).toMatch(/Index Only Scan using session_logs_p\d{8}_user_id_last_update\w*_idx/);
    expect(plan).toMatch(/users_discord_id_key/);
    expect(plan).not.toMatch(/Seq Scan on session_logs_p/);
  });

  it('counts a filtered page no further than it must, through the index', async () => {
    expect(
      await countSessionLogs(
        database.db,
        { discordId: String(FIRST_BULK_DISCORD_ID + 7n) },
        { page: 0, size: 10 },
      ),
    ).toBe(SESSIONS / USERS);
  });

  it('updates a heartbeat’s last update in its session’s day partition only', async () => {
    const [row] = (
      (await database.db.execute(
        sql`select session_id, started_at from session_logs order by started_at limit 1`,
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
