import type { JournalReferenceKind } from '@ember/contracts/enums';
import { ledgerEntries, ledgerJournals } from '@ember/db/schema/wallet';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { HandedDb } from './db.ts';

// What the books record of one thing money moved for (a subscription, an order): decision 0035.

/** What a journal is for: ledger_journals_reference_idx finds its journals. */
export interface JournalReference {
  kind: JournalReferenceKind;
  id: number;
}

const journalsOf = (reference: JournalReference) =>
  and(eq(ledgerJournals.referenceKind, reference.kind), eq(ledgerJournals.referenceId, reference.id));

/** Per user account and posting type: the sum of the postings for the reference and its last posting's id. */
export function findPostingTotalsOf(db: HandedDb, reference: JournalReference) {
  return db
    .select({
      userId: ledgerEntries.userId,
      type: ledgerEntries.type,
      total: sql<number>`sum(${ledgerEntries.amount})::bigint`.mapWith(Number),
      lastEntryId: sql<number>`max(${ledgerEntries.id})`.mapWith(Number),
    })
    .from(ledgerJournals)
    .innerJoin(ledgerEntries, eq(ledgerEntries.journalId, ledgerJournals.id))
    .where(and(journalsOf(reference), isNotNull(ledgerEntries.userId)))
    .groupBy(ledgerEntries.userId, ledgerEntries.type);
}

/** True when any money moved for the reference. */
export async function hasJournalsOf(db: HandedDb, reference: JournalReference): Promise<boolean> {
  const [row] = await db
    .select({ id: ledgerJournals.id })
    .from(ledgerJournals)
    .where(journalsOf(reference))
    .limit(1);
  return row !== undefined;
}
