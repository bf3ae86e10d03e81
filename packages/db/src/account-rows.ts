import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { HandedDb } from './types.ts';

// How a module moves an account's rows of its own table in an admin's account transfer
// (decision 0029): the same two statements for every table, written once.

/** Locks the account's rows FOR UPDATE in ascending id, the order the module's own writes lock them in. */
export async function lockAccountRows(
  tx: HandedDb,
  table: PgTable,
  id: PgColumn,
  owner: PgColumn,
  userId: number,
) {
  await tx.select({ id }).from(table).where(eq(owner, userId)).orderBy(id).for('update');
}

/**
 * Points the account's rows at another account; how many moved. Through Drizzle's update, so a
 * table's updated_at moves too.
 */
export async function moveAccountRows(
  tx: HandedDb,
  table: PgTable,
  owner: PgColumn,
  fromUserId: number,
  toUserId: number,
): Promise<number> {
  const ownerKey = Object.entries(getTableColumns(table)).find(([, column]) => column === owner)?.[0];
  if (ownerKey === undefined) throw new Error(`${owner.name} is not a column of the table`);
  const moved = await tx
    .update(table)
    .set({ [ownerKey]: toUserId })
    .where(eq(owner, fromUserId))
    .returning({ one: sql`1` });
  return moved.length;
}
