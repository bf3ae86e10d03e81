import { payouts } from '@ember/db/schema/payouts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { firstRowOrNull } from '../../lib/first-row.ts';
import { accountBalances } from '../users/index.ts';
import { journalPostings, ledgerPostings } from '../wallet/index.ts';
import type { HandedDb } from './db.ts';

/** What the books hold of one developer's payouts on one system account (in flight, or paid). */
const payoutsOfUserOn = (db: HandedDb, userId: number, account: 'PAYOUTS_IN_FLIGHT' | 'PAYOUTS_PAID') =>
  sql<number>`${db
    .select({ total: sql`coalesce(sum(${journalPostings.amount}), 0)` })
    .from(payouts)
    .innerJoin(
      journalPostings,
      and(eq(journalPostings.referenceKind, 'PAYOUT'), eq(journalPostings.referenceId, payouts.id)),
    )
    .where(and(eq(payouts.userId, userId), eq(journalPostings.account, account)))}::bigint`.mapWith(Number);

/** The month's sale postings on the developer's earnings account, refund reversals taken off. */
const earnedSince = (db: HandedDb, userId: number, monthStart: Date) =>
  sql<number>`${db
    .select({ total: sql`coalesce(sum(${ledgerPostings.amount}), 0)` })
    .from(ledgerPostings)
    .where(
      and(
        eq(ledgerPostings.userId, userId),
        eq(ledgerPostings.account, 'EARNINGS'),
        inArray(ledgerPostings.type, ['DEVELOPER_EARNING', 'DEVELOPER_EARNING_REVERSAL']),
        sql`${ledgerPostings.createdAt} >= ${monthStart.toISOString()}::timestamptz`,
      ),
    )}::bigint`.mapWith(Number);

/**
 * The earnings card, read from the books in one query: the earnings account's cached balance
 * (which ledger:check proves equal to its postings), what the developer's payouts hold in flight
 * and have been paid, and the month's sale postings (refund reversals taken off).
 */
export const earningsQuery = (db: HandedDb, userId: number, monthStart: Date) =>
  db
    .select({
      available: accountBalances.earnings,
      reserved: payoutsOfUserOn(db, userId, 'PAYOUTS_IN_FLIGHT'),
      paidOut: payoutsOfUserOn(db, userId, 'PAYOUTS_PAID'),
      earnedThisMonth: earnedSince(db, userId, monthStart),
    })
    .from(accountBalances)
    .where(eq(accountBalances.id, userId));

export function findEarnings(db: HandedDb, userId: number, monthStart: Date) {
  return firstRowOrNull(earningsQuery(db, userId, monthStart));
}
