import { sessionLogs } from '@ember/db/schema/sessions';
import type { Db } from '@ember/db/types';
import { count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { userProfiles } from '../users/index.ts';

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

const NEWEST_FIRST = [desc(sessionLogs.lastUpdate), desc(sessionLogs.id)];

/**
 * One page of log rows, newest first (session_logs_last_update_idx), ties broken by id. The page's
 * ids come first from the index alone (a deferred join); only they are joined to their users.
 */
export function findSessionLogsPage(db: Db, filters: SessionLogFilters, page: SessionLogPageRequest) {
  const ids = db
    .select({ id: sessionLogs.id })
    .from(sessionLogs)
    .where(whereOf(filters))
    .orderBy(...NEWEST_FIRST)
    .limit(page.size)
    .offset(page.page * page.size)
    .as('page');
  return db
    .select({
      id: sessionLogs.id,
      sessionId: sessionLogs.sessionId,
      discordId: userProfiles.discordId,
      pluginName: sessionLogs.pluginName,
      lastUpdate: sessionLogs.lastUpdate,
      exceeded: sessionLogs.exceeded,
    })
    .from(sessionLogs)
    .innerJoin(ids, eq(ids.id, sessionLogs.id))
    .innerJoin(userProfiles, eq(userProfiles.id, sessionLogs.userId))
    .orderBy(...NEWEST_FIRST);
}

/** Pages counted beyond the requested one: exact up to there, "at least" after (as decision 0020). */
export const COUNTED_PAGES_AHEAD = 50;

/**
 * How many rows match, counted no further than COUNTED_PAGES_AHEAD pages past the requested page:
 * every client heartbeat writes a row (2,000 clients every 30 s is millions a day), so a full count
 * per page would cost more than the page. Paging forward, the total grows until the real end.
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
