import { accessListEntries } from '@ember/db/schema/catalog';
import { orders } from '@ember/db/schema/commerce';
import { payouts } from '@ember/db/schema/payouts';
import { clientSessions, sessionLogs } from '@ember/db/schema/sessions';
import { subscriptions } from '@ember/db/schema/subscriptions';
import { votes } from '@ember/db/schema/votes';
import type { Db } from '@ember/db/types';
import { eq, sql } from 'drizzle-orm';

// The one place that gives an account's rows in other modules' tables to another account: an
// admin's account transfer (spec §5, docs/decisions/0029-account-transfer.md). It writes
// subscriptions, orders, payouts, client_sessions, session_logs, votes and access_list_entries, each
// by its user column only, inside the transfer's transaction, after both users rows are locked.
// Those modules have no operation of their own that reassigns an owner, and a transfer has to move
// them all in one transaction or none; decision 0029 records this exception to "a repository
// writes only its module's tables". Client tokens move through the client API's service instead.

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

async function moveUserColumn(
  tx: Db,
  table: typeof subscriptions | typeof payouts | typeof clientSessions | typeof sessionLogs,
  fromId: number,
  toId: number,
): Promise<number> {
  const rows = await tx
    .update(table)
    .set({ userId: toId })
    .where(eq(table.userId, fromId))
    .returning({ one: sql`1` });
  return rows.length;
}

/** Subscriptions (their disabled plugin links hang off the subscription and follow it). */
export const moveSubscriptions = (tx: Db, fromId: number, toId: number) =>
  moveUserColumn(tx, subscriptions, fromId, toId);

export const movePayouts = (tx: Db, fromId: number, toId: number) =>
  moveUserColumn(tx, payouts, fromId, toId);

/** Running game-client sessions and their logs (the sessions' history goes with them). */
export async function moveClientSessions(tx: Db, fromId: number, toId: number) {
  const sessions = await moveUserColumn(tx, clientSessions, fromId, toId);
  await moveUserColumn(tx, sessionLogs, fromId, toId);
  return sessions;
}

/** Orders the source bought (a pending one is paid to the target's account when it completes). */
export async function moveOrders(tx: Db, fromId: number, toId: number): Promise<number> {
  const rows = await tx
    .update(orders)
    .set({ buyerId: toId })
    .where(eq(orders.buyerId, fromId))
    .returning({ id: orders.id });
  return rows.length;
}

/**
 * Locks what the transfer moves, before it locks the two users rows: first both users' vote locks
 * (the votes module's advisory lock, ascending id; a vote takes it before touching subscriptions),
 * then the source's subscriptions, orders and payouts (ascending id). Every other change of one of
 * those rows locks the row first and the account second (an extension, a refund, an order's
 * fulfilment, a payout's confirmation), so taking them in the same order cannot deadlock with it.
 */
export async function lockWhatMoves(tx: Db, fromId: number, toId: number): Promise<void> {
  for (const id of [fromId, toId].sort((a, b) => a - b)) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('votes'), ${id}::int)`);
  }
  await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.userId, fromId))
    .orderBy(subscriptions.id)
    .for('update');
  await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.buyerId, fromId))
    .orderBy(orders.id)
    .for('update');
  await tx
    .select({ id: payouts.id })
    .from(payouts)
    .where(eq(payouts.userId, fromId))
    .orderBy(payouts.id)
    .for('update');
}

/**
 * Votes move as history, so the target's cooldown counts them too. One vote per user per window
 * (ADR 0013) also means one running extra-sessions grant: a moved vote whose grant still runs while
 * the target has a running grant of its own ends now, so the target never holds two at once.
 * Both users' vote locks are held already (lockWhatMoves).
 */
export async function moveVotes(tx: Db, fromId: number, toId: number, now: Date): Promise<number> {
  await tx.execute(sql`
    update ${votes} set extra_sessions_until = ${at(now)}
    where user_id = ${fromId}::int and extra_sessions_until > ${at(now)}
      and exists (select 1 from ${votes} mine where mine.user_id = ${toId}::int and mine.extra_sessions_until > ${at(now)})`);
  const rows = await tx
    .update(votes)
    .set({ userId: toId })
    .where(eq(votes.userId, fromId))
    .returning({ id: votes.id });
  return rows.length;
}

/**
 * Whitelist and blacklist entries. Each (plan or price, user, kind) exists once (unique indexes), so
 * an entry the target already has is dropped from the source instead of being moved onto it.
 */
export async function moveAccessListEntries(tx: Db, fromId: number, toId: number): Promise<number> {
  await tx.execute(sql`
    delete from ${accessListEntries} source
    where source.user_id = ${fromId}::int
      and exists (
        select 1 from ${accessListEntries} target
        where target.user_id = ${toId}::int and target.kind = source.kind
          and target.plan_id is not distinct from source.plan_id
          and target.price_id is not distinct from source.price_id)`);
  const rows = await tx
    .update(accessListEntries)
    .set({ userId: toId })
    .where(eq(accessListEntries.userId, fromId))
    .returning({ id: accessListEntries.id });
  return rows.length;
}
