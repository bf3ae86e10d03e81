import { payouts } from '@ember/db/schema/payouts';
import { users } from '@ember/db/schema/users';
import type { Db } from '@ember/db/types';
import { and, asc, eq, gt, sql } from 'drizzle-orm';

// The owner's exports (spec §7 Payouts and exports): keyset batches by primary key, so a streamed
// export of a million rows is a series of short index-range reads on PostgreSQL and PGlite alike.
// Balances are the users' cached credits and earnings, which ledger:check proves equal to the books.

/** One batch of accounts with their balances, by id after `afterId` (null: from the first). */
export function balancesAfter(db: Db, afterId: number | null, limit: number) {
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

/**
 * One batch of pending payouts with their developer, oldest request first (date, then id), after
 * the payout `afterId` (null: from the first). The key's date is read in SQL, not round-tripped
 * through a JS Date, which would drop its microseconds and repeat a row.
 */
export function pendingPayoutsAfter(db: Db, afterId: number | null, limit: number) {
  return db
    .select({
      id: payouts.id,
      userId: payouts.userId,
      discordId: users.discordId,
      username: users.username,
      amount: payouts.amount,
      date: payouts.date,
      description: payouts.description,
    })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .where(
      and(
        eq(payouts.completed, false),
        afterId === null
          ? undefined
          : sql`(${payouts.date}, ${payouts.id}) > ((select p.date from ${payouts} p where p.id = ${afterId}), ${afterId}::integer)`,
      ),
    )
    .orderBy(asc(payouts.date), asc(payouts.id))
    .limit(limit);
}
