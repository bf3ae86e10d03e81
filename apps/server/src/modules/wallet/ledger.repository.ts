import type { LedgerAccount, LedgerEntryType } from '@ember/contracts/enums';
import { users } from '@ember/db/schema/users';
import { ledgerEntries } from '@ember/db/schema/wallet';
import type { Db } from '@ember/db/types';
import { and, eq, sql } from 'drizzle-orm';

const accountColumn = (account: LedgerAccount) => (account === 'CREDITS' ? users.balance : users.earnings);

/**
 * Adds `amount` (signed) to one account of a user in a single conditional UPDATE, which also takes
 * the row lock that serializes every movement of that user. Returns the new value, or null when
 * the account cannot cover it (or the user does not exist): the caller's transaction decides.
 */
export async function addToAccount(db: Db, userId: number, account: LedgerAccount, amount: number) {
  const column = accountColumn(account);
  const [row] = await db
    .update(users)
    .set(
      account === 'CREDITS'
        ? { balance: sql`${column} + ${amount}` }
        : { earnings: sql`${column} + ${amount}` },
    )
    .where(and(eq(users.id, userId), sql`${column} + ${amount} >= 0`))
    .returning({ value: column });
  return row?.value ?? null;
}

export async function findAccountValue(db: Db, userId: number, account: LedgerAccount) {
  const [row] = await db
    .select({ value: accountColumn(account) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.value ?? null;
}

export async function insertLedgerEntry(
  db: Db,
  entry: {
    userId: number;
    account: LedgerAccount;
    type: LedgerEntryType;
    amount: number;
    balanceAfter: number;
    description: string;
    entityId: string | null;
    idempotencyKey: string | null;
  },
) {
  const [row] = await db.insert(ledgerEntries).values(entry).returning();
  if (!row) throw new Error('ledger insert returned no row');
  return row;
}
