import { users } from '@ember/db/schema/users';
import { asc, gt } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { HandedDb } from './db.ts';

// An account's balances are the books' cached credits and earnings on the users row, which
// ledger:check proves equal to the ledger: the journal poster writes them, users only reads them
// (decision 0071).

/** An account's cached credits and earnings. Join it as a table, so a card stays one statement. */
export const accountBalances = new QueryBuilder()
  .select({ id: users.id, credits: users.balance, earnings: users.earnings })
  .from(users)
  .as('account_balances');

/**
 * One batch of the owner's balances export (spec §7): accounts with their balances, by id after
 * `afterId` (null: from the first). Keyset by primary key, so a streamed export of a million rows
 * is a series of short index-range reads.
 */
export function balancesAfter(db: HandedDb, afterId: number | null, limit: number) {
  return db
    .select({
      id: users.id,
      discordId: users.discordId,
      username: users.username,
      displayName: users.displayName,
      credits: users.balance,
      earnings: users.earnings,
      enabled: users.enabled,
    })
    .from(users)
    .where(afterId === null ? undefined : gt(users.id, afterId))
    .orderBy(asc(users.id))
    .limit(limit);
}
