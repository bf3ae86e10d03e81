import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { createTestDatabase, type TestDatabase } from '@ember/db/test-support/test-database';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuditEventFilters,
  countAuditEventsQuery,
  findAuditEventsPage,
} from './audit-events.repository.ts';

// The audit trail's filters (issue 34: actor, action, a date range) stay index range reads on a big
// trail: 60,000 events over two years, 12 actors and 40 actions; PostgreSQL gathers statistics and
// the plans it picks for the exact queries the repository builds must read an index, never scan.

const EVENTS = 60_000;

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  const actors = Object.values(DEMO_USER_IDS);
  await database.db.execute(sql`
    insert into audit_events (actor_id, actor_role, action, target_kind, target_id, created_at)
    select (${sql.raw(`array[${actors.join(',')}]`)})[1 + g % ${actors.length}], 'ADMIN',
           'bulk:action-' || (g % 40), 'USER', (g % 500)::text,
           now() - make_interval(mins => g * 17)
    from generate_series(1, ${EVENTS}) g`);
  await database.db.execute(sql`analyze audit_events`);
});

afterAll(async () => {
  await database?.close();
});

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** EXPLAIN of the built page query and count, with their own parameters. */
async function plansOf(filters: AuditEventFilters): Promise<string[]> {
  const queries = [
    findAuditEventsPage(database.db, filters, { page: 0, size: 10 }),
    countAuditEventsQuery(database.db, filters),
  ];
  const plans: string[] = [];
  for (const query of queries) {
    const { sql: text, params } = query.toSQL();
    const parts = text
      .split(/\$(\d+)/)
      .map((chunk, index) => (index % 2 === 0 ? sql.raw(chunk) : sql`${params[Number(chunk) - 1]}`));
    const rows = rowsOf<Record<string, string>>(
      await database.db.execute(sql.join([sql.raw('explain '), ...parts])),
    );
    plans.push(rows.map((row) => Object.values(row)[0]).join('\n'));
  }
  return plans;
}

const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

describe('audit trail filters on a big trail', () => {
  it.each([
    ['a date range', { from: dayAgo(10), to: dayAgo(9) }, 'audit_events_created_at_idx'],
    [
      'an actor in a date range',
      { actorId: DEMO_USER_IDS.admin, from: dayAgo(30), to: dayAgo(20) },
      'audit_events_actor_id_created_at_idx',
    ],
    [
      'an action in a date range',
      { action: 'bulk:action-7', from: dayAgo(30), to: dayAgo(20) },
      'audit_events_action_created_at_idx',
    ],
    ['an action', { action: 'bulk:action-7' }, 'audit_events_action_created_at_idx'],
  ] as const)('reads %s from an index', async (_what, filters, index) => {
    for (const plan of await plansOf(filters)) {
      expect(plan).not.toMatch(/Seq Scan on audit_events/);
      expect(plan).toContain(index);
    }
  });
});
