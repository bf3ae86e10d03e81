import { sql } from 'drizzle-orm';
import type { Db } from '../types.ts';

/** Tables whose integer identity ids the seed sets explicitly. */
const TABLES_WITH_EXPLICIT_IDS = [
  'users',
  'plans',
  'prices',
  'repositories',
  'plugins',
  'subscriptions',
  'products',
  'orders',
  'payouts',
  'ledger_journals',
] as const;

/** After inserting explicit ids, move each identity sequence past the highest id so new rows do not collide. */
export async function resetIdentitySequences(db: Db): Promise<void> {
  for (const table of TABLES_WITH_EXPLICIT_IDS) {
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('"${table}"', 'id'), coalesce((select max(id) from "${table}"), 0) + 1, false)`,
      ),
    );
  }
}
