import type { Db } from '@ember/db/types';
import { findAccountMismatches, findBrokenChainEntries, ledgerTotals } from './ledger-check.repository.ts';

export interface LedgerReport {
  ok: boolean;
  users: number;
  entries: number;
  /** Sum of every balance and of every earnings account. */
  credits: number;
  earnings: number;
  /** Users whose balance or earnings is negative or differs from the sum of their entries. */
  accountMismatches: Awaited<ReturnType<typeof findAccountMismatches>>;
  /** Entries whose balance_after does not follow from the previous entry of the same account. */
  brokenChain: Awaited<ReturnType<typeof findBrokenChainEntries>>;
}

/**
 * Verifies DESIGN §3.10 on the whole database: per user and account, the entries sum to the cached
 * column, nothing is negative, and each balance_after follows from the one before. Reads one
 * snapshot, so it can run while money moves.
 */
export function checkLedger(db: Db): Promise<LedgerReport> {
  return db.transaction(
    async (tx) => {
      const [accountMismatches, brokenChain, totals] = [
        await findAccountMismatches(tx),
        await findBrokenChainEntries(tx),
        await ledgerTotals(tx),
      ];
      return {
        ok: accountMismatches.length === 0 && brokenChain.length === 0,
        ...totals,
        accountMismatches,
        brokenChain,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Human-readable lines for the `ledger:check` script. */
export function describeLedgerReport(report: LedgerReport): string[] {
  if (report.ok) {
    return [
      `Ledger OK: ${report.users} users, ${report.entries} entries, ${report.credits} credits and ${report.earnings} earnings all match their ledger.`,
    ];
  }
  return [
    `Ledger check FAILED: accounts that disagree with their entries: ${report.accountMismatches.length}; entries that break the balance chain: ${report.brokenChain.length}.`,
    ...report.accountMismatches.map(
      (row) =>
        `  user ${row.userId}: balance ${row.balance} vs ledger ${row.ledgerCredits}; earnings ${row.earnings} vs ledger ${row.ledgerEarnings}`,
    ),
    ...report.brokenChain.map(
      (row) =>
        `  entry ${row.id} (user ${row.userId}, ${row.account}): amount ${row.amount}, balance_after ${row.balanceAfter}, expected ${row.expected}`,
    ),
  ];
}
