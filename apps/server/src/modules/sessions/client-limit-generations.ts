import { clientLimitChanges } from '@ember/db/schema/client-limits';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { HandedDb } from './db.ts';

// Table: client_limit_changes (owned), appended by database triggers (migration 0021, decision 0036).

/**
 * A user's limit generation as a column of a select (0 until anything changed): the newest change
 * of theirs, one index descent, so a client token's check reads it in the same statement.
 */
export const limitGenerationOf = (userId: AnyColumn | SQL): SQL<number> =>
  sql<number>`coalesce((select max(${clientLimitChanges.id}) from ${clientLimitChanges} where ${clientLimitChanges.userId} = ${userId}), 0)`.mapWith(
    Number,
  );

/**
 * Keeps each user's newest change only (the hourly upkeep): the generation is the newest id, so
 * older rows say nothing. A deleted user's one row stays (no foreign key: see the schema).
 */
export async function pruneLimitChanges(db: HandedDb): Promise<void> {
  await db.execute(sql`
    delete from ${clientLimitChanges} as older
    where exists (
      select 1 from ${clientLimitChanges} as newer
      where newer.user_id = older.user_id and newer.id > older.id
    )`);
}
