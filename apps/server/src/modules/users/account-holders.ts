import { users } from '@ember/db/schema/users';
import { eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { HandedDb } from './db.ts';

// What the client API and sessions may read of an account (decision 0035): whether it may act now
// (roles, enabled, hold) and its VIP time.

/** An account's standing. Join it as a table, so a client token's check stays one read. */
export const accountHolders = new QueryBuilder()
  .select({
    id: users.id,
    discordId: users.discordId,
    roles: users.roles,
    enabled: users.enabled,
    heldAt: users.heldAt,
    vipUntil: users.vipUntil,
  })
  .from(users)
  .as('account_holders');

/** When the account's VIP ends (null: not VIP), or undefined when there is no such account. */
export async function findVipUntil(db: HandedDb, userId: number): Promise<Date | null | undefined> {
  const [row] = await db.select({ vipUntil: users.vipUntil }).from(users).where(eq(users.id, userId));
  return row ? row.vipUntil : undefined;
}
