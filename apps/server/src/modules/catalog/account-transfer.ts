import { moveAccountRows } from '@ember/db/account-rows';
import { accessListEntries } from '@ember/db/schema/catalog';
import { sql } from 'drizzle-orm';
import type { HandedDb } from './db.ts';

// The access lists' part of an admin's account transfer (docs/decisions/0029-account-transfer.md);
// the users module runs it inside the transfer's transaction.

export const accessListEntriesAccountTransfer = {
  /**
   * Whitelist and blacklist entries. Each (plan or price, user, kind) exists once (unique indexes),
   * so an entry the target already has is dropped from the source instead of being moved onto it.
   */
  async move(tx: HandedDb, fromUserId: number, toUserId: number): Promise<number> {
    await tx.execute(sql`
    delete from ${accessListEntries} source
    where source.user_id = ${fromUserId}::int
      and exists (
        select 1 from ${accessListEntries} target
        where target.user_id = ${toUserId}::int and target.kind = source.kind
          and target.plan_id is not distinct from source.plan_id
          and target.price_id is not distinct from source.price_id)`);
    return moveAccountRows(tx, accessListEntries, accessListEntries.userId, fromUserId, toUserId);
  },
};
