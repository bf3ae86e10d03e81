import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../src/schema/index.ts';
import type { Db } from '../src/types.ts';

/** Every table of the schema. */
export const SCHEMA_TABLES: readonly PgTable[] = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable => is(value, PgTable),
);

/** Row count of every schema table, keyed by table name: a cheap fingerprint of the data. */
export async function countRowsPerTable(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of SCHEMA_TABLES) {
    counts[getTableName(table)] = await db.$count(table);
  }
  return counts;
}
