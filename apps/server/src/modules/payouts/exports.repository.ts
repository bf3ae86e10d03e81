import { payouts } from '@ember/db/schema/payouts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { userProfiles } from '../users/index.ts';
import type { HandedDb } from './db.ts';

// The owner's exports (spec §7 Payouts and exports): keyset batches, so a streamed export of a
// million rows is a series of short index-range reads on PostgreSQL and PGlite alike. The balances
// export's batches are the users module's (balancesAfter): balances are its columns.

/**
 * One batch of pending payouts with their developer, oldest request first (date, then id), after
 * the payout `afterId` (null: from the first). The key's date is read in SQL, not round-tripped
 * through a JS Date, which would drop its microseconds and repeat a row.
 */
export function pendingPayoutsAfter(db: HandedDb, afterId: number | null, limit: number) {
  return db
    .select({
      id: payouts.id,
      userId: payouts.userId,
      discordId: userProfiles.discordId,
      username: userProfiles.username,
      amount: payouts.amount,
      date: payouts.date,
      description: payouts.description,
    })
    .from(payouts)
    .innerJoin(userProfiles, eq(userProfiles.id, payouts.userId))
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
