import type { JournalReferenceKind } from '@ember/contracts/enums';
import { ledgerEntries, ledgerJournals } from '@ember/db/schema/wallet';
import type { Db } from '@ember/db/types';
import { and, eq } from 'drizzle-orm';

/** Every posting of the journals about one subscription, order, payout or user, in the order written. */
export function postingsOf(db: Db, reference: { kind: JournalReferenceKind; id: number }) {
  return db
    .select({
      journalKind: ledgerJournals.kind,
      userId: ledgerEntries.userId,
      account: ledgerEntries.account,
      type: ledgerEntries.type,
      amount: ledgerEntries.amount,
    })
    .from(ledgerJournals)
    .innerJoin(ledgerEntries, eq(ledgerEntries.journalId, ledgerJournals.id))
    .where(
      and(eq(ledgerJournals.referenceKind, reference.kind), eq(ledgerJournals.referenceId, reference.id)),
    )
    .orderBy(ledgerEntries.id);
}
