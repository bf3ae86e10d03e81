import { findJournalUnderKey } from '../wallet/index.ts';
import type { HandedDb } from './db.ts';

/**
 * The sale already recorded under an idempotency key: whether it was a purchase or a gift, and the
 * subscription it sold. Read from the sale's journal, which carries the key (the unique
 * ledger_journals_idempotency_key_key, as for credit gifts), so the books stay the one record of
 * what a key was used for. A key used by anything else than a sale of a subscription finds none.
 */
export async function findSaleByIdempotencyKey(
  db: HandedDb,
  idempotencyKey: string,
): Promise<{ kind: 'SUBSCRIPTION_PURCHASE' | 'SUBSCRIPTION_GIFT'; subscriptionId: number } | null> {
  const journal = await findJournalUnderKey(db, idempotencyKey);
  if (journal?.referenceKind !== 'SUBSCRIPTION') return null;
  if (journal.kind !== 'SUBSCRIPTION_PURCHASE' && journal.kind !== 'SUBSCRIPTION_GIFT') return null;
  return { kind: journal.kind, subscriptionId: journal.referenceId };
}
