import { isCheckViolation, pgErrorOf } from '@ember/db/errors';
import { sessionLogs, sessionLogUserDays } from '@ember/db/schema/sessions';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { HandedDb } from './db.ts';

// Table: session_logs (owned), one row per session, partitioned by day on started_at (decision
// 0037). Writes name started_at, so they touch one partition; reads are session-logs-page.repository.ts.

export interface SessionLogRow {
  sessionId: string;
  userId: number;
  pluginId: number;
  pluginName: string;
  /** When the session was opened: the partition key. */
  startedAt: Date;
  lastUpdate: Date;
  exceeded: boolean;
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The session's one row: inserted on its open (allowed or refused), or, when it exists, brought up
 * to date by a refusal or a breach (last_update never moves back, exceeded never clears).
 *
 * A session older than the retention has lost its day's partition, and a row of a day without a
 * partition is refused (there is no default partition): such a late row is skipped, inside a
 * savepoint so the caller's transaction goes on. Only rows of an earlier day than their update
 * can meet that, so the common open pays no savepoint.
 */
export async function recordSessionLog(tx: HandedDb, row: SessionLogRow): Promise<void> {
  const upsert = (db: HandedDb) =>
    db
      .insert(sessionLogs)
      .values(row)
      .onConflictDoUpdate({
        target: [sessionLogs.sessionId, sessionLogs.startedAt],
        set: {
          lastUpdate: sql`greatest(${sessionLogs.lastUpdate}, excluded.last_update)`,
          exceeded: sql`${sessionLogs.exceeded} or excluded.exceeded`,
        },
      });
  if (utcDay(row.startedAt) === utcDay(row.lastUpdate)) {
    await upsert(tx);
    return;
  }
  try {
    await tx.transaction(async (savepoint) => {
      await upsert(savepoint);
    });
  } catch (error) {
    if (!isNoPartitionError(error)) throw error;
  }
}

/** PostgreSQL's "no partition of relation … found for row" (a check violation, 23514, without a constraint). */
const isNoPartitionError = (error: unknown) =>
  isCheckViolation(error) && /no partition of relation/.test(pgErrorOf(error)?.message ?? '');

export interface SessionLogTouch {
  sessionId: string;
  startedAt: Date;
  lastUpdate: Date;
}

/**
 * Moves the sessions' last_update forward (never back), one statement for the whole batch. Each row
 * is matched on session_id and started_at, so only its day's partition is searched. A session
 * whose row has gone with the retention is skipped.
 */
export async function touchSessionLogs(db: HandedDb, rows: SessionLogTouch[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(touchSessionLogsStatement(rows));
}

/** The one UPDATE … FROM (VALUES …) of a non-empty batch (exported for its plan's test). */
export function touchSessionLogsStatement(rows: SessionLogTouch[]): SQL {
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.sessionId}::uuid, ${row.startedAt.toISOString()}::timestamptz, ${row.lastUpdate.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  return sql`
    update ${sessionLogs} set last_update = greatest(${sessionLogs.lastUpdate}, batch.last_update)
    from (values ${values}) as batch (session_id, started_at, last_update)
    where ${sessionLogs.sessionId} = batch.session_id and ${sessionLogs.startedAt} = batch.started_at`;
}

/**
 * After an account transfer moved all of a user's rows to another: their days and counts move too
 * (decision 0049). The giver keeps its days at zero, which only costs their filter a look.
 */
export async function moveSessionLogUserDays(
  tx: HandedDb,
  fromUserId: number,
  toUserId: number,
): Promise<void> {
  await tx.execute(sql`
    insert into ${sessionLogUserDays} as receiver (user_id, day, sessions)
    select ${toUserId}::int, ${sessionLogUserDays.day}, ${sessionLogUserDays.sessions} from ${sessionLogUserDays}
    where ${sessionLogUserDays.userId} = ${fromUserId}::int
    on conflict (user_id, day) do update set sessions = receiver.sessions + excluded.sessions`);
  await tx.update(sessionLogUserDays).set({ sessions: 0 }).where(eq(sessionLogUserDays.userId, fromUserId));
}
