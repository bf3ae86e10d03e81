import { users } from '@ember/db/schema/users';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { firstRowOrNull } from '../../lib/first-row.ts';
import type { HandedDb } from './db.ts';

// What purchases change on an account besides credits (users module): VIP time and the VIP role,
// and the hold staff place on an account after a payment dispute (decision 0015).

/** The account locked FOR UPDATE until the transaction ends (its credits, VIP and hold). */
export function lockAccount(tx: HandedDb, userId: number) {
  return firstRowOrNull(
    tx
      .select({
        id: users.id,
        username: users.username,
        balance: users.balance,
        vipUntil: users.vipUntil,
        roles: users.roles,
        enabled: users.enabled,
        heldAt: users.heldAt,
      })
      .from(users)
      .where(eq(users.id, userId))
      .for('update'),
  );
}

/**
 * VIP for `ms` more: from the current end when still VIP, else from now; grants the VIP role too,
 * so the gem and VIP prices follow on the next request.
 */
export async function extendVip(tx: HandedDb, userId: number, ms: number, now: Date) {
  const [row] = await tx
    .update(users)
    .set({
      vipUntil: sql`greatest(coalesce(${users.vipUntil}, ${now.toISOString()}::timestamptz), ${now.toISOString()}::timestamptz) + make_interval(secs => ${ms / 1000}::double precision)`,
      roles: sql`case when 'VIP' = any(${users.roles}) then ${users.roles} else array_append(${users.roles}, 'VIP'::text) end`,
    })
    .where(eq(users.id, userId))
    .returning({ vipUntil: users.vipUntil });
  return row?.vipUntil ?? null;
}

/** Takes VIP time back (a disputed VIP order), never below `now`. */
export async function setVipUntil(tx: HandedDb, userId: number, vipUntil: Date) {
  await tx.update(users).set({ vipUntil }).where(eq(users.id, userId));
}

/** Holds the account for staff review; true when it was not held before. */
export async function holdAccount(tx: HandedDb, userId: number, reason: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ heldAt: now, holdReason: reason })
    .where(and(eq(users.id, userId), isNull(users.heldAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Releases the hold; returns what it was, or null when the account was not held. */
export async function releaseHold(tx: HandedDb, userId: number) {
  const [before] = await tx
    .select({ heldAt: users.heldAt, holdReason: users.holdReason })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.heldAt)))
    .for('update');
  if (!before) return null;
  await tx.update(users).set({ heldAt: null, holdReason: null }).where(eq(users.id, userId));
  return before;
}

/** Held accounts (or the one given), longest held first (partial index users_held_at_idx). */
export function findHeldAccounts(db: HandedDb, userId?: number) {
  return db
    .select({
      userId: users.id,
      discordId: users.discordId,
      username: users.username,
      heldAt: users.heldAt,
      reason: users.holdReason,
    })
    .from(users)
    .where(
      userId === undefined ? isNotNull(users.heldAt) : and(isNotNull(users.heldAt), eq(users.id, userId)),
    )
    .orderBy(asc(users.heldAt));
}
