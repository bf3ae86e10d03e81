import type { LedgerAccount } from '@ember/contracts/enums';
import { and, eq, sql } from 'drizzle-orm';
import { users } from '../schema/users.ts';
import type { Db } from '../types.ts';

/** A user account's cached balance: users.balance for CREDITS, users.earnings for EARNINGS. */
export const userAccountColumn = (account: LedgerAccount) =>
  account === 'CREDITS' ? users.balance : users.earnings;

/**
 * Adds `amount` (signed) to one account of a user in a single conditional UPDATE, which also takes
 * the row lock that serializes every movement of that user. Returns the new balance, or null when
 * the account cannot cover it (or the user does not exist): the caller's transaction decides.
 */
export async function addToUserAccount(db: Db, userId: number, account: LedgerAccount, amount: number) {
  const column = userAccountColumn(account);
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

export async function findUserAccountBalance(db: Db, userId: number, account: LedgerAccount) {
  const [row] = await db
    .select({ value: userAccountColumn(account) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.value ?? null;
}
