import { users } from '@ember/db/schema/users';
import { eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { firstRowOrNull } from '../../lib/first-row.ts';
import type { HandedDb } from './db.ts';

// What a sale checks of the account that pays or receives (decision 0035): who it is, whether it
// may hold a subscription (enabled, VIP time) and whether it is held after a dispute.

/** An account as a buyer. Join it as a table, so a sale's checks stay one statement. */
export const buyers = new QueryBuilder()
  .select({
    id: users.id,
    discordId: users.discordId,
    username: users.username,
    enabled: users.enabled,
    vipUntil: users.vipUntil,
    heldAt: users.heldAt,
  })
  .from(users)
  .as('buyers');

export function findBuyer(db: HandedDb, userId: number) {
  return firstRowOrNull(db.select().from(buyers).where(eq(buyers.id, userId)));
}

export type Buyer = NonNullable<Awaited<ReturnType<typeof findBuyer>>>;
