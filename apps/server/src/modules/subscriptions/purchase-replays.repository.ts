import { ledgerJournals } from '@ember/db/schema/wallet';
import type { Db } from '@ember/db/types';
import { and, eq, inArray } from 'drizzle-orm';

/**
 * The sale already recorded under an idempotency key: whether it was a purchase or a gift, and the
 * subscription it sold. Read from the sale's journal, which carries the key (the unique
 * ledger_journals_idempotency_key_key, as for credit gifts), so the books stay the one record of
 * what a key was used for.
 */
export async function findSaleByIdempotencyKey(
  db: Db,
  idempotencyKey: string,
): Promise<{ kind: 'SUBSCRIPTION_PURCHASE' | 'SUBSCRIPTION_GIFT'; subscriptionId: number } | null> {
  const [row] = await db
    .select({ kind: ledgerJournals.kind, subscriptionId: ledgerJournals.referenceId })
    .from(ledgerJournals)
    .where(
      and(
        eq(ledgerJournals.idempotencyKey, idempotencyKey),
        eq(ledgerJournals.referenceKind, 'SUBSCRIPTION'),
        inArray(ledgerJournals.kind, ['SUBSCRIPTION_PURCHASE', 'SUBSCRIPTION_GIFT']),
      ),
    );
  if (!row) return null;
  return {
    kind: row.kind === 'SUBSCRIPTION_GIFT' ? 'SUBSCRIPTION_GIFT' : 'SUBSCRIPTION_PURCHASE',
    subscriptionId: row.subscriptionId,
  };
}
