import { sessionLogDays, sessionLogs, sessionLogUserDays } from '@ember/db/schema/sessions';
import { SESSION_LOG_DAY_MARGIN_MS, utcDayOf } from '@ember/db/session-log-partitions';
import { and, count, desc, eq, gt, gte, isNotNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { userProfiles } from '../users/index.ts';
import type { HandedDb } from './db.ts';

// Reads of session_logs for /session-logs (decisions 0049, 0060). Each day partition has a bound
// on its rows' last_update (session_log_days) and, once the day is over and counted, each user the
// days they have rows in (session_log_user_days). A page reads the partitions whose bound can still
// beat the page's last row, newest bound first, and names them by a started_at range so the
// planner prunes the rest: exact results, from a day or two of partitions for the newest pages
// instead of all of them. A day not counted yet (today, yesterday's first hour) is bounded by its
// end too (its opens' rows end there) and read for every user's filter, counted from its rows.

export interface SessionLogFilters {
  discordId?: string;
}

export interface SessionLogPageRequest {
  /** From 0. */
  page: number;
  size: number;
}

/** A day partition that may hold matching rows, and an upper bound of its rows' last_update. */
export interface CandidateDay {
  day: string;
  latestUpdate: Date;
  /** The filtered user's rows in that day (unfiltered, or a day not counted yet: unknown). */
  sessions?: number;
}

/** Days read first; widened only when their rows cannot fill the page for certain. */
const FIRST_WINDOW_DAYS = 2;

/** Pages counted beyond the requested one: exact up to there, "at least" after (as decision 0020). */
export const COUNTED_PAGES_AHEAD = 50;

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

const accountIdOf = (discordId: string) =>
  sql`(select ${userProfiles.id} from ${userProfiles} where ${userProfiles.discordId} = ${discordId})`;

/** The account's rows only; its id is looked up in the statement, so neither the page nor the count joins users. */
function whereOf(filters: SessionLogFilters): SQL | undefined {
  return filters.discordId === undefined
    ? undefined
    : sql`${sessionLogs.userId} = ${accountIdOf(filters.discordId)}`;
}

const newestBoundFirst = (a: CandidateDay, b: CandidateDay) =>
  b.latestUpdate.getTime() - a.latestUpdate.getTime() || (a.day < b.day ? 1 : a.day > b.day ? -1 : 0);

/**
 * The partitions that may hold the filter's rows, newest bound first: the counted days with rows
 * (for a user, those with their rows), and the days not counted yet that an open may have written
 * (up to `now`'s, with the margin for clocks) or a later write has bounded; such a day is bounded
 * by its end, or higher when a row's update raised it.
 */
export async function findCandidateDays(
  db: HandedDb,
  filters: SessionLogFilters,
  now: Date,
): Promise<CandidateDay[]> {
  const bound = sql<Date>`case when ${sessionLogDays.usersCounted} then ${sessionLogDays.latestUpdate}
    else greatest(${sessionLogDays.latestUpdate}, (${sessionLogDays.day} + 1)::timestamp at time zone 'UTC') end`;
  const bounds = { day: sessionLogDays.day, latestUpdate: bound.mapWith(sessionLogDays.latestUpdate) };
  const lastOpenDay = utcDayOf(new Date(now.getTime() + SESSION_LOG_DAY_MARGIN_MS));
  const notCounted = and(
    eq(sessionLogDays.usersCounted, false),
    or(lte(sessionLogDays.day, lastOpenDay), isNotNull(sessionLogDays.latestUpdate)),
  );
  const counted = and(eq(sessionLogDays.usersCounted, true), isNotNull(sessionLogDays.latestUpdate));
  if (filters.discordId === undefined) {
    const days = await db.select(bounds).from(sessionLogDays).where(or(counted, notCounted));
    return days.sort(newestBoundFirst);
  }
  const [userDays, openDays] = await Promise.all([
    db
      .select({ ...bounds, sessions: sessionLogUserDays.sessions })
      .from(sessionLogUserDays)
      .innerJoin(sessionLogDays, eq(sessionLogDays.day, sessionLogUserDays.day))
      .where(
        and(
          eq(sessionLogUserDays.userId, accountIdOf(filters.discordId)),
          gt(sessionLogUserDays.sessions, 0),
          counted,
        ),
      ),
    db.select(bounds).from(sessionLogDays).where(notCounted),
  ]);
  return [...userDays, ...openDays].sort(newestBoundFirst);
}

const DAY_MS = 86_400_000;
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

/** The days as started_at ranges (consecutive days merged), which the planner prunes partitions by. */
function startedWithin(days: CandidateDay[]): SQL | undefined {
  const starts = days.map((candidate) => dayStart(candidate.day).getTime()).sort((a, b) => a - b);
  const ranges: { from: number; to: number }[] = [];
  for (const start of starts) {
    const last = ranges.at(-1);
    if (last && last.to === start) last.to = start + DAY_MS;
    else ranges.push({ from: start, to: start + DAY_MS });
  }
  return or(
    ...ranges.map((range) =>
      and(gte(sessionLogs.startedAt, new Date(range.from)), lt(sessionLogs.startedAt, new Date(range.to))),
    ),
  );
}

const PAGE = 'page';

/** One page of the rows in `days` (not empty), newest update first, ties by session id, with their users' Discord ids. */
export function sessionLogsPageQuery(
  db: HandedDb,
  filters: SessionLogFilters,
  page: SessionLogPageRequest,
  days: CandidateDay[],
) {
  const rows = db
    .select({
      sessionId: sessionLogs.sessionId,
      userId: sessionLogs.userId,
      pluginName: sessionLogs.pluginName,
      lastUpdate: sessionLogs.lastUpdate,
      exceeded: sessionLogs.exceeded,
    })
    .from(sessionLogs)
    .where(and(whereOf(filters), startedWithin(days)))
    .orderBy(desc(sessionLogs.lastUpdate), desc(sessionLogs.sessionId))
    .limit(page.size)
    .offset(page.page * page.size)
    .as(PAGE);
  // Each row's Discord id by its key, one lookup per row: as a join, the planner may merge the
  // page with the whole users index in id order (200 ms at 50,000 users, measured).
  return db
    .select({
      sessionId: rows.sessionId,
      discordId: sql<string>`(select ${userProfiles.discordId} from ${userProfiles} where ${userProfiles.id} = ${sql.identifier(PAGE)}.${sql.identifier('user_id')})`,
      pluginName: rows.pluginName,
      lastUpdate: rows.lastUpdate,
      exceeded: rows.exceeded,
    })
    .from(rows)
    .orderBy(desc(rows.lastUpdate), desc(rows.sessionId));
}

/**
 * One page, newest update first. The candidates are read newest bound first: when the page is
 * full and its last row is newer than every bound left out, no other partition can change it;
 * otherwise the window grows to every day whose bound reaches that row (or, short of a full page,
 * fourfold) and the page is read again. The common first pages read one or two days. Run in the
 * snapshot the candidates were read in (findSessionLogsListing), so a bound covers every row seen.
 */
export async function findSessionLogsPage(
  db: HandedDb,
  filters: SessionLogFilters,
  page: SessionLogPageRequest,
  days: CandidateDay[],
) {
  if (days.length === 0) return [];
  let window = Math.min(days.length, FIRST_WINDOW_DAYS);
  for (;;) {
    const rows = await sessionLogsPageQuery(db, filters, page, days.slice(0, window));
    const boundLeftOut = days[window]?.latestUpdate;
    if (boundLeftOut === undefined) return rows;
    const last = rows.length === page.size ? rows.at(-1) : undefined;
    // Compared in whole milliseconds (a Date's), so "newer" holds for the microseconds too.
    if (last && last.lastUpdate > boundLeftOut) return rows;
    window = last
      ? days.filter((candidate) => candidate.latestUpdate >= last.lastUpdate).length
      : Math.min(days.length, window * 4);
  }
}

/**
 * How many rows match, no further than COUNTED_PAGES_AHEAD pages past the requested page (the
 * table holds every session of the retention, millions at scale). A user's rows: the sum of their
 * days' counts. Every row: the candidates counted newest first until the cap is reached or none is
 * left, each round sized by the rows per day found so far. Paging forward, the total grows until
 * the real end.
 */
export async function countSessionLogs(
  db: HandedDb,
  filters: SessionLogFilters,
  page: SessionLogPageRequest,
  days: CandidateDay[],
): Promise<number> {
  const cap = (page.page + 1 + COUNTED_PAGES_AHEAD) * page.size;
  // A user's counted days carry their counts; the days not counted yet (a day or two) are read.
  if (filters.discordId !== undefined) {
    const known = sum(days.map((day) => day.sessions ?? 0));
    const open = days.filter((day) => day.sessions === undefined);
    if (known >= cap) return cap;
    return known + (await countWithin(db, filters, open, cap - known));
  }
  let window = Math.min(days.length, FIRST_WINDOW_DAYS);
  for (;;) {
    const counted = await countWithin(db, filters, days.slice(0, window), cap);
    if (counted >= cap || window >= days.length) return counted;
    const perDay = counted / window;
    window = Math.min(days.length, perDay > 0 ? Math.ceil((cap / perDay) * 1.25) : window * 4);
  }
}

async function countWithin(db: HandedDb, filters: SessionLogFilters, days: CandidateDay[], cap: number) {
  if (days.length === 0) return 0;
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(sessionLogs)
    .where(and(whereOf(filters), startedWithin(days)))
    .limit(cap)
    .as('matching');
  const [row] = await db.select({ total: count() }).from(matching);
  return row?.total ?? 0;
}

/** The page and the count in one read-only snapshot: the bounds read cover every row the page sees. */
export function findSessionLogsListing(
  db: HandedDb,
  filters: SessionLogFilters,
  page: SessionLogPageRequest,
  now: Date,
) {
  return db.transaction(
    async (tx) => {
      const days = await findCandidateDays(tx, filters, now);
      const rows = await findSessionLogsPage(tx, filters, page, days);
      const total = await countSessionLogs(tx, filters, page, days);
      return { rows, total };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
