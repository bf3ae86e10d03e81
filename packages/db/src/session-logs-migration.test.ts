import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient, type DbClient } from './client.ts';
import { MIGRATIONS_FOLDER, runMigrations } from './migrate.ts';
import { listSessionLogPartitions } from './session-log-partitions.ts';

// Migration 0020 (ADR 0037): the per-heartbeat session-log rows of a live database become one row
// per session, in day partitions, and nothing is lost.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const SESSION_A = '5b1f3c1e-8d2a-4c6b-9e1f-0a2b3c4d5e6f';
const SESSION_B = '7c2e4d2f-9e3b-4d7c-8f2a-1b3c4d5e6f70';

let database: DbClient;
let before0020: string;

beforeAll(async () => {
  // The migrations up to 0019 only: the database as it was before this change.
  before0020 = mkdtempSync(join(tmpdir(), 'ember-before-0020-'));
  cpSync(MIGRATIONS_FOLDER, before0020, { recursive: true });
  const journalPath = join(before0020, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.tag < '0020');
  writeFileSync(journalPath, JSON.stringify(journal));
  database = createDbClient();
  await runMigrations(database.db, before0020);
});

afterAll(async () => {
  await database?.close();
  rmSync(before0020, { recursive: true, force: true });
});

describe('migration 0020', () => {
  it('collapses the heartbeat rows into one row per session, started at its first row', async () => {
    const { db } = database;
    await db.execute(sql`insert into users (id, discord_id, username, display_name)
      values (1, '314159265358979310', 'casey', 'Casey'), (2, '314159265358979311', 'robin', 'Robin')`);
    // Session A: an open 40 days ago and two heartbeats, the second over the limit. Session B: one
    // open, yesterday.
    await db.execute(sql`insert into session_logs (session_id, user_id, plugin_id, plugin_name, last_update, exceeded)
      values (${SESSION_A}, 1, 12, 'Rooftop Runner', now() - interval '40 days', false),
             (${SESSION_A}, 1, 12, 'Rooftop Runner', now() - interval '40 days' + interval '30 seconds', false),
             (${SESSION_A}, 1, 12, 'Rooftop Runner', now() - interval '40 days' + interval '60 seconds', true),
             (${SESSION_B}, 2, 0, 'Client', now() - interval '1 day', false)`);

    await runMigrations(db);

    const rows = rowsOf<{
      session_id: string;
      user_id: number;
      started_at: string;
      span: string;
      exceeded: boolean;
    }>(
      await db.execute(sql`select session_id, user_id, started_at::text,
          extract(epoch from last_update - started_at)::int::text as span, exceeded
        from session_logs order by started_at`),
    );
    expect(
      rows.map(({ session_id, user_id, span, exceeded }) => ({ session_id, user_id, span, exceeded })),
    ).toEqual([
      { session_id: SESSION_A, user_id: 1, span: '60', exceeded: true },
      { session_id: SESSION_B, user_id: 2, span: '0', exceeded: false },
    ]);
    // Partitions from the oldest row's day to a week ahead; the old table is gone.
    const days = await listSessionLogPartitions(db);
    expect(days.length).toBeGreaterThanOrEqual(40 + 7);
    expect(days[0]).toBe(new Date(Date.parse(rows[0]?.started_at ?? '')).toISOString().slice(0, 10));
    const tables = rowsOf<{ name: string | null }>(
      await db.execute(sql`select to_regclass('public.session_logs_per_heartbeat')::text as name`),
    );
    expect(tables[0]?.name).toBeNull();
  });
});
