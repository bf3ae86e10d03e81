import { sessionLogs } from '@ember/db/schema/sessions';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { HandedDb } from './db.ts';

export interface RunTime {
  /** Sessions in which one of the plugins ran (a refused open is not one). */
  sessions: number;
  seconds: number;
}

/**
 * How long the account ran any of these plugins in game-client sessions (issue 35: "Verified: ran
 * it for 14 hours"): each session counts from its open to its last update, over the session logs
 * still kept (decision 0037). A refused open leaves a row marked exceeded whose time never moved: it
 * is not a run. Read through the (user_id, last_update) index.
 */
export async function findRunTime(
  db: HandedDb,
  userId: number,
  pluginIds: readonly number[],
): Promise<RunTime> {
  if (pluginIds.length === 0) return { sessions: 0, seconds: 0 };
  const [row] = await db
    .select({
      sessions: sql<number>`count(*)::int`,
      seconds: sql<number>`coalesce(sum(extract(epoch from (${sessionLogs.lastUpdate} - ${sessionLogs.startedAt}))), 0)::int`,
    })
    .from(sessionLogs)
    .where(
      and(
        eq(sessionLogs.userId, userId),
        inArray(sessionLogs.pluginId, [...pluginIds]),
        or(sql`not ${sessionLogs.exceeded}`, sql`${sessionLogs.lastUpdate} > ${sessionLogs.startedAt}`),
      ),
    );
  return { sessions: row?.sessions ?? 0, seconds: Math.max(0, row?.seconds ?? 0) };
}
