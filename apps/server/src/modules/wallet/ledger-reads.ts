import { ledgerEntries, ledgerJournals } from '@ember/db/schema/wallet';
import { eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { firstRowOrNull } from '../../lib/first-row.ts';
import type { HandedDb } from './db.ts';

// What other modules may read of the books (decision 0035). The wallet owns the ledger; these
// projections join like tables, so a card or list that sums postings stays one statement
// (PostgreSQL flattens them: the plan is the one of joining the tables).

/** The postings, each on its account (a user's, or a system account when userId is null). */
export const ledgerPostings = new QueryBuilder()
  .select({
    id: ledgerEntries.id,
    journalId: ledgerEntries.journalId,
    userId: ledgerEntries.userId,
    account: ledgerEntries.account,
    type: ledgerEntries.type,
    amount: ledgerEntries.amount,
    createdAt: ledgerEntries.createdAt,
  })
  .from(ledgerEntries)
  .as('ledger_postings');

/** The postings with what their journal is for (its kind and reference), as ledger_journals_reference_idx finds them. */
export const journalPostings = new QueryBuilder()
  .select({
    journalKind: ledgerJournals.kind,
    referenceKind: ledgerJournals.referenceKind,
    referenceId: ledgerJournals.referenceId,
    userId: ledgerEntries.userId,
    account: ledgerEntries.account,
    type: ledgerEntries.type,
    amount: ledgerEntries.amount,
  })
  .from(ledgerJournals)
  .innerJoin(ledgerEntries, eq(ledgerEntries.journalId, ledgerJournals.id))
  .as('journal_postings');

/**
 * The journal recorded under an idempotency key (unique in the books), or null: what it was and
 * what it was for, so a retried request finds what its first attempt made.
 */
export function findJournalUnderKey(db: HandedDb, idempotencyKey: string) {
  return firstRowOrNull(
    db
      .select({
        kind: ledgerJournals.kind,
        referenceKind: ledgerJournals.referenceKind,
        referenceId: ledgerJournals.referenceId,
      })
      .from(ledgerJournals)
      .where(eq(ledgerJournals.idempotencyKey, idempotencyKey)),
  );
}
