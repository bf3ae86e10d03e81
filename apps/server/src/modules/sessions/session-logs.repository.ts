import { isCheckViolation, pgErrorOf } from '@ember/db/errors';
import { sessionLogs } from '@ember/db/schema/sessions';
import type { Db } from '@ember/db/types';
import { count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { userProfiles } from '../users/index.ts';

// Table: session_logs (owned), one row per session, partitioned by day on started_at (decision
// 0037). Writes name started_at, so they touch one partition.

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
export async function recordSessionLog(tx: Db, row: SessionLogRow): Promise<void> {
  const upsert = (db: Db) =>
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
export async function touchSessionLogs(db: Db, rows: SessionLogTouch[]): Promise<void> {
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

export interface SessionLogFilters {
  discordId?: string;
}

export interface SessionLogPageRequest {
  /** From 0. */
  page: number;
  size: number;
}

/** The account's rows only; its id is looked up once, so neither the page nor the count joins users. */
function whereOf(filters: SessionLogFilters): SQL | undefined {
  return filters.discordId === undefined
    ? undefined
    : sql`${sessionLogs.userId} = (select ${userProfiles.id} from ${userProfiles} where ${userProfiles.discordId} = ${filters.discordId})`;
}

/**
 * One page of sessions, newest update first, ties broken by session id: every day partition is
 * read newest first by its (last_update, session_id) index (or, filtered, its (user_id,
 * last_update, session_id) index) and merged, so the page costs a few index descents per
 * partition, whatever the table holds. Only the page's rows are joined to their users.
 */
export function findSessionLogsPage(db: Db, filters: SessionLogFilters, page: SessionLogPageRequest) {
  const rows = db
    .select({
      sessionId: sessionLogs.sessionId,
      userId: sessionLogs.userId,
      pluginName: sessionLogs.pluginName,
      lastUpdate: sessionLogs.lastUpdate,
      exceeded: sessionLogs.exceeded,
    })
    .from(sessionLogs)
    .where(whereOf(filters))
    .orderBy(desc(sessionLogs.lastUpdate), desc(sessionLogs.sessionId))
    .limit(page.size)
    .offset(page.page * page.size)
    .as('page');
  return db
    .select({
      sessionId: rows.sessionId,
      discordId: userProfiles.discordId,
      pluginName: rows.pluginName,
      lastUpdate: rows.lastUpdate,
      exceeded: rows.exceeded,
    })
    .from(rows)
    .innerJoin(userProfiles, eq(userProfiles.id, rows.userId))
    .orderBy(desc(rows.lastUpdate), desc(rows.sessionId));
}

/** Pages counted beyond the requested one: exact up to there, "at least" after (as decision 0020). */
export const COUNTED_PAGES_AHEAD = 50;

/**
 * How many rows match, counted no further than COUNTED_PAGES_AHEAD pages past the requested page:
 * the table holds every session of the retention (millions at scale), so a full count per page
 * would cost more than the page. Paging forward, the total grows until the real end.
 */
export async function countSessionLogs(
  db: Db,
  filters: SessionLogFilters,
  page: SessionLogPageRequest,
): Promise<number> {
  const cap = (page.page + 1 + COUNTED_PAGES_AHEAD) * page.size;
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(sessionLogs)
    .where(whereOf(filters))
    .limit(cap)
    .as('matching');
  const [row] = await db.select({ total: count() }).from(matching);
  return row?.total ?? 0;
}
