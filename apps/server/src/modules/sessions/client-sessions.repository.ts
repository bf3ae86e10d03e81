import { executeNamed } from '@ember/db/prepared';
import { clientSessions, sessionLogs } from '@ember/db/schema/sessions';
import { and, asc, count, eq, gt, lte, sql } from 'drizzle-orm';
import { firstRowOrNull } from '../../lib/first-row.ts';
import { accountStanding } from '../users/index.ts';
import type { HandedDb } from './db.ts';

// Table: client_sessions (owned; its logs are session-logs.repository.ts, but an open writes both).
// Locks the account (users module) as the per-user lock.

/** The per-user lock every open and heartbeat takes, so concurrent calls count one after another. */
export async function lockUserForSessions(tx: HandedDb, userId: number) {
  const account = await accountStanding.lockAccount(tx, userId);
  return account ? { vipUntil: account.vipUntil } : null;
}

/** An account's sessions of one plugin that reported after `since` (the ones still running). */
const liveSessionsOf = (userId: number, pluginId: number, since: Date) =>
  and(
    eq(clientSessions.userId, userId),
    eq(clientSessions.pluginId, pluginId),
    gt(clientSessions.lastUpdate, since),
  );

export async function countLiveSessions(tx: HandedDb, userId: number, pluginId: number, since: Date) {
  const [row] = await tx
    .select({ running: count() })
    .from(clientSessions)
    .where(liveSessionsOf(userId, pluginId, since));
  return row?.running ?? 0;
}

/** Live sessions of one plugin, oldest first (the newest go first when over the limit). */
export function findLiveSessionIds(tx: HandedDb, userId: number, pluginId: number, since: Date) {
  return tx
    .select({ id: clientSessions.id })
    .from(clientSessions)
    .where(liveSessionsOf(userId, pluginId, since))
    .orderBy(asc(clientSessions.createdAt), asc(clientSessions.id));
}

/**
 * A session opened: its row and its one session-log row (decision 0037) in one statement, named
 * (one round trip, planned once per connection: issue 36). The log row is new (a fresh id, started
 * now, in today's partition), so it needs no upsert and no savepoint.
 *
 * `waitForFlush: false` commits without waiting for the WAL to reach the disk (decision 0078): for
 * an unlimited session, whose loss in a database crash costs a reopen and nothing a limit counts.
 * The setting is local to the statement's own transaction; inside a caller's transaction it would
 * cover that whole transaction, so the counted opens never pass it.
 */
export async function insertOpenedSession(
  db: HandedDb,
  values: { id: string; userId: number; pluginId: number; pluginName: string; now: Date },
  { waitForFlush }: { waitForFlush: boolean } = { waitForFlush: true },
) {
  const at = values.now.toISOString();
  await executeNamed(
    db,
    sql`with ${waitForFlush ? sql`` : sql`relaxed as (select set_config('synchronous_commit', 'off', true)),`}
    opened as (
      insert into ${clientSessions} (id, user_id, plugin_id, plugin_name, created_at, last_update)
      values (${values.id}::uuid, ${values.userId}::int, ${values.pluginId}::int, ${values.pluginName}::text,
              ${at}::timestamptz, ${at}::timestamptz)
    )
    insert into ${sessionLogs} (session_id, user_id, plugin_id, plugin_name, started_at, last_update, exceeded)
    select ${values.id}::uuid, ${values.userId}::int, ${values.pluginId}::int, ${values.pluginName}::text,
           ${at}::timestamptz, ${at}::timestamptz, false
    ${waitForFlush ? sql`` : sql`from relaxed`}`,
  );
}

export function findSessionOf(tx: HandedDb, userId: number, sessionId: string) {
  return firstRowOrNull(
    tx
      .select()
      .from(clientSessions)
      .where(and(eq(clientSessions.id, sessionId), eq(clientSessions.userId, userId))),
  );
}

export async function touchSession(tx: HandedDb, sessionId: string, now: Date) {
  await tx.update(clientSessions).set({ lastUpdate: now }).where(eq(clientSessions.id, sessionId));
}

export async function deleteSessionOf(db: HandedDb, userId: number, sessionId: string) {
  await db
    .delete(clientSessions)
    .where(and(eq(clientSessions.id, sessionId), eq(clientSessions.userId, userId)));
}

export function findLiveSessionsOf(db: HandedDb, userId: number, since: Date) {
  return db
    .select()
    .from(clientSessions)
    .where(and(eq(clientSessions.userId, userId), gt(clientSessions.lastUpdate, since)))
    .orderBy(asc(clientSessions.createdAt), asc(clientSessions.id));
}

/** Sessions without a heartbeat since `before`: they have ended. */
export async function deleteStaleSessions(db: HandedDb, before: Date) {
  const rows = await db
    .delete(clientSessions)
    .where(lte(clientSessions.lastUpdate, before))
    .returning({ id: clientSessions.id });
  return rows.length;
}

/**
 * A batch of heartbeats' last updates in one statement (last-update-batcher.ts); a time never moves
 * back, and a session that ended meanwhile is simply not found.
 */
export async function touchSessions(db: HandedDb, touches: { sessionId: string; lastUpdate: Date }[]) {
  if (touches.length === 0) return;
  const rows = sql.join(
    touches.map((touch) => sql`(${touch.sessionId}::uuid, ${touch.lastUpdate.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${clientSessions} set last_update = batch.last_update
    from (values ${rows}) as batch (id, last_update)
    where ${clientSessions.id} = batch.id and ${clientSessions.lastUpdate} < batch.last_update`);
}
