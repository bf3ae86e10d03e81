import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core';
import type { Db } from './types.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

// Same table drizzle's own migrators keep, so drizzle-kit tooling sees the same history.
const drizzleSchema = pgSchema('drizzle');
const appliedMigrations = drizzleSchema.table('__drizzle_migrations', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }),
});

/** Arbitrary constant: serialises concurrent migrators (several server processes starting at once). */
const MIGRATION_LOCK_KEY = 7_245_118_003;

/**
 * Applies pending SQL migrations in one transaction, on PGlite and PostgreSQL alike. Mirrors
 * drizzle's migrator, but reads the history under an advisory lock so two processes never apply
 * the same migration twice.
 */
export async function runMigrations(db: Db, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  await db.execute(sql`create schema if not exists drizzle`);
  await db.execute(sql`
    create table if not exists drizzle.__drizzle_migrations (
      id serial primary key,
      hash text not null,
      created_at bigint
    )`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    const [last] = await tx
      .select({ createdAt: appliedMigrations.createdAt })
      .from(appliedMigrations)
      .orderBy(sql`${appliedMigrations.createdAt} desc`)
      .limit(1);
    const lastApplied = last?.createdAt ?? -1;
    for (const migration of migrations) {
      if (migration.folderMillis <= lastApplied) continue;
      for (const statement of migration.sql) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.insert(appliedMigrations).values({ hash: migration.hash, createdAt: migration.folderMillis });
    }
  });
}
