import { sql } from 'drizzle-orm';
import { balancedPostings, isUserPosting } from '../../books/journal.ts';
import { users } from '../../schema/users.ts';
import { ledgerEntries, ledgerJournals, type NewLedgerEntry } from '../../schema/wallet.ts';
import type { SeedContext } from '../seed-context.ts';

const BATCH_SIZE = 500;

/**
 * Replays the collected journals by time into the empty books, with the same balance rules as
 * postJournal (every journal balances, no user account goes below zero), then derives every
 * balance and earnings column from the postings, so the seed never sets a balance the books do
 * not explain. Rows are written in batches: the demo history has thousands of postings.
 */
export async function writeLedger({ db, ledger }: SeedContext): Promise<void> {
  const balances = new Map<string, number>();
  const journalRows: (typeof ledgerJournals.$inferInsert)[] = [];
  const postingRows: NewLedgerEntry[] = [];

  ledger.chronological().forEach((journal, index) => {
    const postings = balancedPostings(journal);
    if (postings.length === 0) return;
    const journalId = index + 1;
    journalRows.push({
      id: journalId,
      kind: journal.kind,
      referenceKind: journal.reference.kind,
      referenceId: journal.reference.id,
      description: journal.description,
      createdAt: journal.at,
    });
    for (const posting of postings) {
      let balanceAfter: number | null = null;
      if (isUserPosting(posting)) {
        const key = `${posting.userId}:${posting.account}`;
        balanceAfter = (balances.get(key) ?? 0) + posting.amount;
        if (balanceAfter < 0) {
          throw new Error(
            `Demo books overdraw user ${posting.userId} ${posting.account} with ${posting.type} ${posting.amount}`,
          );
        }
        balances.set(key, balanceAfter);
      }
      postingRows.push({
        journalId,
        userId: isUserPosting(posting) ? posting.userId : null,
        account: isUserPosting(posting) ? posting.account : posting.system,
        type: posting.type,
        amount: posting.amount,
        balanceAfter,
        description: posting.description,
        createdAt: journal.at,
      });
    }
  });

  for (let start = 0; start < journalRows.length; start += BATCH_SIZE) {
    await db.insert(ledgerJournals).values(journalRows.slice(start, start + BATCH_SIZE));
  }
  for (let start = 0; start < postingRows.length; start += BATCH_SIZE) {
    await db.insert(ledgerEntries).values(postingRows.slice(start, start + BATCH_SIZE));
  }
  await db.update(users).set({
    balance: sql`coalesce((select sum(${ledgerEntries.amount}) from ${ledgerEntries}
      where ${ledgerEntries.userId} = ${users.id} and ${ledgerEntries.account} = 'CREDITS'), 0)`,
    earnings: sql`coalesce((select sum(${ledgerEntries.amount}) from ${ledgerEntries}
      where ${ledgerEntries.userId} = ${users.id} and ${ledgerEntries.account} = 'EARNINGS'), 0)`,
  });
}
