import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRowsPerTable, SCHEMA_TABLES } from '../test-support/table-counts.ts';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { isDatabaseEmpty, seedDemoData } from './seed/seed.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('migrations', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ seed: false });
  });

  afterAll(async () => {
    await database?.close();
  });

  it('creates every table of the schema, empty', async () => {
    // Partitions are tables of their own; the schema names their partitioned parent (session_logs).
    const result = await database.db.execute(
      sql`select table_name from information_schema.tables t where table_schema = 'public'
          and not exists (select 1 from pg_inherits i where i.inhrelid = ('public.' || quote_ident(t.table_name))::regclass)`,
    );
    const tables = rowsOf<{ table_name: string }>(result).map((row) => row.table_name);
    expect(tables.sort()).toEqual(SCHEMA_TABLES.map((table) => getTableName(table)).sort());
    // Except the bounds of the session-log partitions made ahead (decision 0049): one per partition,
    // null while the day holds no row.
    const { session_log_days: bounds, ...rest } = await countRowsPerTable(database.db);
    expect(Object.values(rest).every((count) => count === 0)).toBe(true);
    const partitions = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from pg_inherits where inhparent = 'public.session_logs'::regclass`,
      ),
    );
    expect(bounds).toBe(partitions[0]?.n);
    const written = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from session_log_days where latest_update is not null`,
      ),
    );
    expect(written[0]?.n).toBe(0);
  });

  it('installs pg_trgm and the trigram index on plan names', async () => {
    const extensions = rowsOf<{ extname: string }>(
      await database.db.execute(sql`select extname from pg_extension where extname = 'pg_trgm'`),
    );
    expect(extensions).toHaveLength(1);
    const indexes = rowsOf<{ indexdef: string }>(
      await database.db.execute(sql`select indexdef from pg_indexes where indexname = 'plans_name_trgm_idx'`),
    );
    expect(indexes[0]?.indexdef).toMatch(/gin \(lower\(name\) gin_trgm_ops\)/);
  });

  it('is a no-op when run again', async () => {
    const countApplied = async () =>
      rowsOf<{ count: number | string }>(
        await database.db.execute(sql`select count(*) as count from drizzle.__drizzle_migrations`),
      )[0]?.count;
    const before = await countApplied();
    await database.migrate();
    expect(await countApplied()).toBe(before);
    expect(Number(before)).toBeGreaterThan(0);
  });

  it('answers ping', async () => {
    expect(await database.ping()).toBe(true);
  });

  it('reports an empty database until it is seeded', async () => {
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    await seedDemoData(database.db);
    expect(await isDatabaseEmpty(database.db)).toBe(false);
  });
  it('serves every foreign key to users on a table that grows with the store by an index', async () => {
    // Deleting a user checks each of these keys: without an index on the referencing column every
    // deleted user read the whole table (4,000 bench users took minutes at 1,000,000 subscriptions).
    // The columns left out name staff actions or one-off rows, a handful per account at most.
    const fewRowsPerUser = [
      'approved_jars.approved_by_id',
      'approved_repos.approved_by_id',
      'client_releases.published_by_id',
      'device_authorizations.user_id',
      'orders.completed_by_id',
      'payouts.completed_by_id',
      'plan_reviews.hidden_by_id',
      'repo_updates.requested_by_id',
    ];
    const result = await database.db.execute(
      sql`select c.conrelid::regclass::text || '.' || a.attname as "column"
          from pg_constraint c
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
          where c.contype = 'f' and c.confrelid = 'users'::regclass
            and not exists (select 1 from pg_inherits i where i.inhrelid = c.conrelid)
            and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])
          order by 1`,
    );
    const unindexed = rowsOf<{ column: string }>(result).map((row) => row.column);
    expect(unindexed.filter((column) => !fewRowsPerUser.includes(column))).toEqual([]);
  });
});
