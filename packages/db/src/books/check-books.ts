import { count, eq, isNotNull, sql } from 'drizzle-orm';
import { users } from '../schema/users.ts';
import { ledgerEntries, ledgerJournals } from '../schema/wallet.ts';
import type { HandedDb } from '../types.ts';

/** How many offending rows of each kind are listed; the totals are always exact. */
const LISTED_ROWS = 100;

export interface BooksReport {
  ok: boolean;
  users: number;
  journals: number;
  postings: number;
  /** Journals whose postings do not sum to zero. */
  unbalancedJournals: { journalId: number; kind: string; sum: number }[];
  /** Users whose cached balance or earnings is negative or differs from the sum of their postings. */
  accountMismatches: {
    userId: number;
    balance: number;
    ledgerCredits: number;
    earnings: number;
    ledgerEarnings: number;
  }[];
  /** User postings whose balance_after does not follow from the previous posting of the same account. */
  brokenChain: {
    id: number;
    userId: number | null;
    account: string;
    amount: number;
    balanceAfter: number | null;
    expected: number;
  }[];
  /** Every account's balance (user accounts summed per kind), and their sum, which must be 0. */
  trialBalance: { accounts: { account: string; holders: number; balance: number }[]; total: number };
}

/**
 * Proves the books (decision 0008) on the whole database, in one read-only snapshot so it can run
 * while money moves: every journal balances, every user account's cached balance equals the sum of
 * its postings and is not negative, balance_after chains, and the trial balance is zero.
 */
export function checkBooks(db: HandedDb): Promise<BooksReport> {
  return db.transaction(
    async (tx) => {
      const unbalancedJournals = await findUnbalancedJournals(tx);
      const accountMismatches = await findAccountMismatches(tx);
      const brokenChain = await findBrokenChain(tx);
      const trialBalance = await trialBalanceOf(tx);
      const totals = await countRows(tx);
      return {
        ok:
          unbalancedJournals.length === 0 &&
          accountMismatches.length === 0 &&
          brokenChain.length === 0 &&
          trialBalance.total === 0,
        ...totals,
        unbalancedJournals,
        accountMismatches,
        brokenChain,
        trialBalance,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

function findUnbalancedJournals(db: HandedDb) {
  return db
    .select({
      journalId: ledgerJournals.id,
      kind: ledgerJournals.kind,
      sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number),
    })
    .from(ledgerJournals)
    .leftJoin(ledgerEntries, eq(ledgerEntries.journalId, ledgerJournals.id))
    .groupBy(ledgerJournals.id)
    .having(sql`coalesce(sum(${ledgerEntries.amount}), 0) <> 0 or count(${ledgerEntries.id}) = 0`)
    .orderBy(ledgerJournals.id)
    .limit(LISTED_ROWS);
}

function findAccountMismatches(db: HandedDb) {
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
    .where(isNotNull(ledgerEntries.userId))
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

function findBrokenChain(db: HandedDb) {
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
    .where(isNotNull(ledgerEntries.userId))
    .as('chained');
  return db
    .select()
    .from(chained)
    .where(sql`${chained.expected} <> ${chained.balanceAfter} or ${chained.balanceAfter} < 0`)
    .orderBy(chained.id)
    .limit(LISTED_ROWS);
}

/**
 * Every account's balance (user accounts summed per kind, with how many users hold them) and the
 * total, which is 0 when the books balance; one statement, so one consistent snapshot. The admin
 * panel's trial balance reads it too.
 */
export async function trialBalanceOf(db: HandedDb) {
  const accounts = await db
    .select({
      account: ledgerEntries.account,
      holders: sql<number>`count(distinct ${ledgerEntries.userId})`.mapWith(Number),
      balance: sql<number>`sum(${ledgerEntries.amount})::bigint`.mapWith(Number),
    })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.account)
    .orderBy(ledgerEntries.account);
  return { accounts, total: accounts.reduce((sum, row) => sum + row.balance, 0) };
}

async function countRows(db: HandedDb) {
  const [userCount] = await db.select({ count: count() }).from(users);
  const [journalCount] = await db.select({ count: count() }).from(ledgerJournals);
  const [postingCount] = await db.select({ count: count() }).from(ledgerEntries);
  return {
    users: userCount?.count ?? 0,
    journals: journalCount?.count ?? 0,
    postings: postingCount?.count ?? 0,
  };
}

/** Human-readable lines for `npm run ledger:check`: the trial balance, then anything that is wrong. */
export function describeBooksReport(report: BooksReport): string[] {
  const width = Math.max(...report.trialBalance.accounts.map((row) => row.account.length), 'TOTAL'.length);
  const trial = [
    'Trial balance (user accounts summed per kind):',
    ...report.trialBalance.accounts.map(
      (row) =>
        `  ${row.account.padEnd(width)} ${String(row.balance).padStart(14)}${row.holders > 0 ? `  (${row.holders} users)` : ''}`,
    ),
    `  ${'TOTAL'.padEnd(width)} ${String(report.trialBalance.total).padStart(14)}`,
  ];
  if (report.ok) {
    return [
      ...trial,
      `Books OK: ${report.journals} journals with ${report.postings} postings all balance; ${report.users} users' credits and earnings match their postings.`,
    ];
  }
  return [
    ...trial,
    `Books check FAILED: unbalanced journals: ${report.unbalancedJournals.length}; accounts that disagree with their postings: ${report.accountMismatches.length}; postings that break the balance chain: ${report.brokenChain.length}; trial balance total: ${report.trialBalance.total}.`,
    ...report.unbalancedJournals.map(
      (row) => `  journal ${row.journalId} (${row.kind}) does not balance: its postings sum to ${row.sum}`,
    ),
    ...report.accountMismatches.map(
      (row) =>
        `  user ${row.userId}: balance ${row.balance} vs postings ${row.ledgerCredits}; earnings ${row.earnings} vs postings ${row.ledgerEarnings}`,
    ),
    ...report.brokenChain.map(
      (row) =>
        `  posting ${row.id} (user ${row.userId}, ${row.account}): amount ${row.amount}, balance_after ${row.balanceAfter}, expected ${row.expected}`,
    ),
  ];
}
