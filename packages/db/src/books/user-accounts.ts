import type { LedgerAccount } from '@ember/contracts/enums';
import { eq } from 'drizzle-orm';
import { users } from '../schema/users.ts';
import type { HandedDb } from '../types.ts';

/** A user's accounts as their cached balances (users.balance, users.earnings), or null when there is no such user. */
export async function findUserAccounts(
  db: HandedDb,
  userId: number,
): Promise<Record<LedgerAccount, number> | null> {
  const [row] = await db
    .select({ CREDITS: users.balance, EARNINGS: users.earnings })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
