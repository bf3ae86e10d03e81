import { sql } from 'drizzle-orm';
import type { HandedDb } from './types.ts';

// The day partitions of session_logs (decision 0037): one per UTC day of started_at, named
// session_logs_pYYYYMMDD, created ahead and dropped after the retention by the SQL functions of
// migration 0020. There is no default partition, so a row whose day has no partition is refused:
// today's and the days ahead always exist.

/** Days of partitions kept ready ahead of today; the recurring upkeep runs far more often than this. */
export const SESSION_LOG_DAYS_AHEAD = 7;

const DAY_MS = 86_400_000;

/** The UTC day of `at`, as YYYY-MM-DD. */
export const utcDayOf = (at: Date): string => at.toISOString().slice(0, 10);

const addDays = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);

const numberOf = (result: unknown, column: string): number =>
  Number((result as { rows: Record<string, unknown>[] }).rows[0]?.[column] ?? 0);

/** Creates the missing day partitions from `from`'s UTC day to `to`'s (inclusive); how many it created. */
export async function createSessionLogPartitions(db: HandedDb, from: Date, to: Date): Promise<number> {
  const result = await db.execute(
    sql`select session_logs_create_partitions(${utcDayOf(from)}::date, ${utcDayOf(to)}::date) as created`,
  );
  return numberOf(result, 'created');
}

/** Drops the day partitions wholly before `firstKeptDay`'s UTC day; how many it dropped. */
export async function dropSessionLogPartitionsBefore(db: HandedDb, firstKeptDay: Date): Promise<number> {
  const result = await db.execute(
    sql`select session_logs_drop_partitions_before(${utcDayOf(firstKeptDay)}::date) as dropped`,
  );
  return numberOf(result, 'dropped');
}

/** The first UTC day whose rows are kept: `retentionDays` before today. */
export const firstKeptDayOf = (now: Date, retentionDays: number): Date => addDays(now, -retentionDays);

/**
 * The upkeep, at start-up and by the recurring job: yesterday (a process whose clock is a little
 * behind) to SESSION_LOG_DAYS_AHEAD days ahead exist, and the days before the retention are gone.
 * The days between were created ahead when they were in the future; an empty past day serves nobody.
 * Then the days over get their users counted (decision 0060).
 */
export async function maintainSessionLogPartitions(
  db: HandedDb,
  { now, retentionDays }: { now: Date; retentionDays: number },
): Promise<{ created: number; dropped: number; counted: number }> {
  const firstKept = firstKeptDayOf(now, retentionDays);
  const from = addDays(now, -1) < firstKept ? firstKept : addDays(now, -1);
  const created = await createSessionLogPartitions(db, from, addDays(now, SESSION_LOG_DAYS_AHEAD));
  const dropped = await dropSessionLogPartitionsBefore(db, firstKept);
  const counted = await countFinishedSessionLogDays(db, now);
  return { created, dropped, counted };
}

/**
 * How long after a day's end its users are counted (decision 0060), and how far ahead of the
 * reader's clock a day may already hold opens: the processes' clocks and their longest open
 * transaction stay within it.
 */
export const SESSION_LOG_DAY_MARGIN_MS = 3_600_000;

/**
 * The days over (their end at least SESSION_LOG_DAY_MARGIN_MS before `now`) whose users are not
 * counted yet: each counted in one aggregate of its partition (migration 0030's function, its own
 * transaction). Usually yesterday, once; how many it counted.
 */
export async function countFinishedSessionLogDays(db: HandedDb, now: Date): Promise<number> {
  const lastDay = utcDayOf(new Date(now.getTime() - SESSION_LOG_DAY_MARGIN_MS - DAY_MS));
  const pending = await db.execute(sql`
    select day::text as day from session_log_days where not users_counted and day <= ${lastDay}::date order by day`);
  let counted = 0;
  for (const { day } of (pending as { rows: { day: string }[] }).rows) {
    const result = await db.execute(sql`select session_logs_count_day(${day}::date) as counted`);
    if ((result as { rows: { counted: boolean }[] }).rows[0]?.counted) counted += 1;
  }
  return counted;
}

/** The day partitions that exist, oldest first, as YYYY-MM-DD. */
export async function listSessionLogPartitions(db: HandedDb): Promise<string[]> {
  const result = await db.execute(sql`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'public.session_logs'::regclass order by c.relname`);
  return (result as { rows: { name: string }[] }).rows.map((row) =>
    row.name.replace(/^session_logs_p(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3'),
  );
}
