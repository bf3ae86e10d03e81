import { users } from '@ember/db/schema/users';
import { ledgerEntries } from '@ember/db/schema/wallet';
import type { Db } from '@ember/db/types';
import { count, eq, sql } from 'drizzle-orm';

/** How many offending rows of each kind are listed; the totals are always exact. */
const LISTED_ROWS = 100;

/** Users whose cached balance or earnings differ from their ledger, or are negative. */
export function findAccountMismatches(db: Db) {
  const sums = db
    .select({
      userId: ledgerEntries.userId,
      credits:
        sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = 'CREDITS'), 0)::bigint`
          .mapWith(Number)
          .as('ledger_credits'),
      earnings:
        sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = 'EARNINGS'), 0)::bigint`
          .mapWith(Number)
          .as('ledger_earnings'),
    })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.userId)
    .as('sums');
  const ledgerCredits = sql<number>`coalesce(${sums.credits}, 0)`.mapWith(Number);
  const ledgerEarnings = sql<number>`coalesce(${sums.earnings}, 0)`.mapWith(Number);
  return db
    .select({
      userId: users.id,
      balance: users.balance,
      ledgerCredits,
      earnings: users.earnings,
      ledgerEarnings,
    })
    .from(users)
    .leftJoin(sums, eq(sums.userId, users.id))
    .where(
      sql`${users.balance} <> ${ledgerCredits} or ${users.earnings} <> ${ledgerEarnings} or ${users.balance} < 0 or ${users.earnings} < 0`,
    )
    .orderBy(users.id)
    .limit(LISTED_ROWS);
}

/** Entries whose balance_after is not the previous entry's (same user and account, by id) plus the amount. */
export function findBrokenChainEntries(db: Db) {
  const chained = db
    .select({
      id: ledgerEntries.id,
      userId: ledgerEntries.userId,
      account: ledgerEntries.account,
      amount: ledgerEntries.amount,
      balanceAfter: ledgerEntries.balanceAfter,
      expected:
        sql<number>`(lag(${ledgerEntries.balanceAfter}, 1, 0) over (partition by ${ledgerEntries.userId}, ${ledgerEntries.account} order by ${ledgerEntries.id}))::bigint + ${ledgerEntries.amount}`
          .mapWith(Number)
          .as('expected'),
    })
    .from(ledgerEntries)
    .as('chained');
  return db
    .select()
    .from(chained)
    .where(sql`${chained.expected} <> ${chained.balanceAfter} or ${chained.balanceAfter} < 0`)
    .orderBy(chained.id)
    .limit(LISTED_ROWS);
}

export async function ledgerTotals(db: Db) {
  const [userTotals] = await db
    .select({
      users: count(),
      credits: sql<number>`coalesce(sum(${users.balance}), 0)::bigint`.mapWith(Number),
      earnings: sql<number>`coalesce(sum(${users.earnings}), 0)::bigint`.mapWith(Number),
    })
    .from(users);
  const [entryTotals] = await db.select({ entries: count() }).from(ledgerEntries);
  return {
    users: userTotals?.users ?? 0,
    entries: entryTotals?.entries ?? 0,
    credits: userTotals?.credits ?? 0,
    earnings: userTotals?.earnings ?? 0,
  };
}
