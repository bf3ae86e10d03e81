import { ledgerEntries, ledgerJournals } from '@ember/db/schema/wallet';
import { and, eq } from 'drizzle-orm';
import { firstRowOrNull } from '../../lib/first-row.ts';
import type { HandedDb } from './db.ts';

/**
 * The credit gift already recorded under an idempotency key: who received it and how much. Read
 * from the journal itself (reference = receiver, the receiver's posting = amount), so the books stay
 * the one record of what a key was used for.
 */
export function findRecordedTransfer(
  db: HandedDb,
  idempotencyKey: string,
): Promise<{ receiverId: number; amount: number } | null> {
  return firstRowOrNull(
    db
      .select({ receiverId: ledgerJournals.referenceId, amount: ledgerEntries.amount })
      .from(ledgerJournals)
      .innerJoin(ledgerEntries, eq(ledgerEntries.journalId, ledgerJournals.id))
      .where(
        and(
          eq(ledgerJournals.idempotencyKey, idempotencyKey),
          eq(ledgerJournals.kind, 'CREDIT_TRANSFER'),
          eq(ledgerEntries.type, 'CREDIT_TRANSFER_IN'),
        ),
      ),
  );
}
