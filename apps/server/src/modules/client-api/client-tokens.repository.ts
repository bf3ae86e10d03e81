import { prebuiltSelect } from '@ember/db/prepared';
import { clientTokens } from '@ember/db/schema/client-access';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { firstRowOrNull } from '../../lib/first-row.ts';
import { limitGenerationOf } from '../sessions/index.ts';
import { accountHolders } from '../users/index.ts';
import type { HandedDb } from './db.ts';

// Tables: client_tokens (owned). Reads the users module's account standing on every client call.

export async function insertClientToken(
  db: HandedDb,
  values: { userId: number; tokenHash: string; name: string },
) {
  const [row] = await db.insert(clientTokens).values(values).returning({ id: clientTokens.id });
  if (!row) throw new Error('client token not inserted');
  return row.id;
}

// Named and rendered once: every game-client call runs it (a heartbeat runs nothing else, issue 36).
const tokenWithUser = prebuiltSelect(
  'client_token_with_user',
  new QueryBuilder()
    .select({
      id: clientTokens.id,
      revokedAt: clientTokens.revokedAt,
      lastUsedAt: clientTokens.lastUsedAt,
      userId: accountHolders.id,
      discordId: accountHolders.discordId,
      roles: accountHolders.roles,
      enabled: accountHolders.enabled,
      heldAt: accountHolders.heldAt,
      vipUntil: accountHolders.vipUntil,
      limitGeneration: limitGenerationOf(clientTokens.userId),
    })
    .from(clientTokens)
    .innerJoin(accountHolders, eq(accountHolders.id, clientTokens.userId))
    .where(eq(clientTokens.tokenHash, sql.placeholder('tokenHash'))),
);

/** The token with this hash (revoked or not), its user's standing and limit generation now, in one read. */
export function findTokenWithUser(db: HandedDb, tokenHash: string) {
  return firstRowOrNull(tokenWithUser(db, { tokenHash }));
}

/**
 * A batch of tokens' last uses in one statement (client-tokens.service.ts writes them once a second);
 * a time never moves back.
 */
export async function touchClientTokens(db: HandedDb, uses: { id: number; at: Date }[]) {
  if (uses.length === 0) return;
  const rows = sql.join(
    uses.map((use) => sql`(${use.id}::int, ${use.at.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${clientTokens} set last_used_at = batch.at
    from (values ${rows}) as batch (id, at)
    where ${clientTokens.id} = batch.id
      and (${clientTokens.lastUsedAt} is null or ${clientTokens.lastUsedAt} < batch.at)`);
}

export function findActiveTokensOf(db: HandedDb, userId: number) {
  return db
    .select({
      id: clientTokens.id,
      name: clientTokens.name,
      createdAt: clientTokens.createdAt,
      lastUsedAt: clientTokens.lastUsedAt,
    })
    .from(clientTokens)
    .where(and(eq(clientTokens.userId, userId), isNull(clientTokens.revokedAt)))
    .orderBy(desc(clientTokens.createdAt), desc(clientTokens.id));
}

export function findTokenOwner(db: HandedDb, id: number) {
  return firstRowOrNull(
    db
      .select({ userId: clientTokens.userId, revokedAt: clientTokens.revokedAt })
      .from(clientTokens)
      .where(eq(clientTokens.id, id)),
  );
}

export async function revokeClientToken(db: HandedDb, id: number, now: Date) {
  await db
    .update(clientTokens)
    .set({ revokedAt: now })
    .where(and(eq(clientTokens.id, id), isNull(clientTokens.revokedAt)));
}

/** Revokes every live token of the user (a ban); returns how many. */
export async function revokeAllTokensOf(db: HandedDb, userId: number, now: Date): Promise<number> {
  const rows = await db
    .update(clientTokens)
    .set({ revokedAt: now })
    .where(and(eq(clientTokens.userId, userId), isNull(clientTokens.revokedAt)))
    .returning({ id: clientTokens.id });
  return rows.length;
}

/** Gives every token of one account (revoked ones too, as history) to another (an account transfer); returns how many. */
export async function moveTokens(db: HandedDb, fromUserId: number, toUserId: number): Promise<number> {
  const rows = await db
    .update(clientTokens)
    .set({ userId: toUserId })
    .where(eq(clientTokens.userId, fromUserId))
    .returning({ id: clientTokens.id });
  return rows.length;
}
