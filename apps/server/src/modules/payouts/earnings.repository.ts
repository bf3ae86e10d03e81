import { payouts } from '@ember/db/schema/payouts';
import { users } from '@ember/db/schema/users';
import { ledgerEntries, ledgerJournals } from '@ember/db/schema/wallet';
import type { Db } from '@ember/db/types';
import { eq, sql } from 'drizzle-orm';

/** What the books hold of one developer's payouts on one system account (in flight, or paid). */
const payoutsOfUserOn = (userId: number, account: 'PAYOUTS_IN_FLIGHT' | 'PAYOUTS_PAID') =>
  sql<number>`(select coalesce(sum(e.amount), 0) from ${payouts} p
    join ${ledgerJournals} j on j.reference_kind = 'PAYOUT' and j.reference_id = p.id
    join ${ledgerEntries} e on e.journal_id = j.id
    where p.user_id = ${userId} and e.account = ${account})::bigint`.mapWith(Number);

/**
 * The earnings card, read from the books in one query: the earnings account's cached balance
 * (which ledger:check proves equal to its postings), what the developer's payouts hold in flight
 * and have been paid, and the month's sale postings (refund reversals taken off).
 */
export const earningsQuery = (db: Db, userId: number, monthStart: Date) =>
  db
    .select({
      available: users.earnings,
      reserved: payoutsOfUserOn(userId, 'PAYOUTS_IN_FLIGHT'),
      paidOut: payoutsOfUserOn(userId, 'PAYOUTS_PAID'),
      earnedThisMonth: sql<number>`(select coalesce(sum(e.amount), 0) from ${ledgerEntries} e
        where e.user_id = ${userId} and e.account = 'EARNINGS'
          and e.type in ('DEVELOPER_EARNING', 'DEVELOPER_EARNING_REVERSAL')
          and e.created_at >= ${monthStart.toISOString()}::timestamptz)::bigint`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, userId));

export async function findEarnings(db: Db, userId: number, monthStart: Date) {
  const [row] = await earningsQuery(db, userId, monthStart);
  return row ?? null;
}
