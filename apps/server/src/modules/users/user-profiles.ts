import { users } from '@ember/db/schema/users';
import { eq, inArray } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { HandedDb } from './db.ts';

// What other modules may read of an account (decision 0035). The users module owns the table; the
// projection below is its read interface for list queries that name or search people, so a join
// stays one statement (PostgreSQL flattens the subquery; the plan is the same as joining the table).

/** The public face of an account: never balances, roles or tokens. Join it as a table. */
export const userProfiles = new QueryBuilder()
  .select({
    id: users.id,
    discordId: users.discordId,
    username: users.username,
    displayName: users.displayName,
  })
  .from(users)
  .as('user_profiles');

/** The account id behind a Discord id, or null. */
export async function findUserIdByDiscordId(db: HandedDb, discordId: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.discordId, discordId));
  return row?.id ?? null;
}

/** The profiles of many accounts in one query, by id (missing ids are absent). */
export async function findUserProfiles(db: HandedDb, ids: readonly number[]) {
  const rows = await db
    .select()
    .from(userProfiles)
    .where(inArray(userProfiles.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}
