import { sql } from 'drizzle-orm';
import { users } from '../../schema/users.ts';
import { ledgerEntries } from '../../schema/wallet.ts';
import type { SeedContext } from '../seed-context.ts';

const BATCH_SIZE = 500;

/**
 * Writes the collected movements, then derives every balance and earnings column from them, so
 * the seed never sets a balance the ledger does not explain.
 */
export async function writeLedger({ db, ledger }: SeedContext): Promise<void> {
  const entries = ledger.entries();
  for (let start = 0; start < entries.length; start += BATCH_SIZE) {
    await db.insert(ledgerEntries).values(entries.slice(start, start + BATCH_SIZE));
  }
  await db.update(users).set({
    balance: sql`coalesce((select sum(${ledgerEntries.amount}) from ${ledgerEntries}
      where ${ledgerEntries.userId} = ${users.id} and ${ledgerEntries.account} = 'CREDITS'), 0)`,
    earnings: sql`coalesce((select sum(${ledgerEntries.amount}) from ${ledgerEntries}
      where ${ledgerEntries.userId} = ${users.id} and ${ledgerEntries.account} = 'EARNINGS'), 0)`,
  });
}
