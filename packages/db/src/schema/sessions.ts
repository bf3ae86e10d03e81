import { boolean, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * A running game-client session. plugin_id has no foreign key: the client also opens sessions
 * for pseudo plugins (0 = client, 65535/65536 = second-generation client).
 */
export const clientSessions = pgTable(
  'client_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pluginId: integer('plugin_id').notNull(),
    pluginName: text('plugin_name').notNull(),
    createdAt: createdAt(),
    lastUpdate: timestamptz('last_update').notNull().defaultNow(),
  },
  (t) => [
    index('client_sessions_user_id_plugin_id_idx').on(t.userId, t.pluginId),
    index('client_sessions_last_update_idx').on(t.lastUpdate),
  ],
);

/**
 * One row per game-client session, kept up to date (decision 0037): written when the session is
 * opened (or refused), when a heartbeat is refused or breaks a limit, and its last_update by the
 * heartbeats, batched. Kept after the session ends, for SESSION_LOG_RETENTION_DAYS.
 *
 * Partitioned by day on started_at (PostgreSQL declarative partitioning, created by hand in
 * migration 0020, which Drizzle cannot express): the partitions are made ahead and dropped after
 * the retention by session-log-partitions.ts. There is no default partition.
 */
export const sessionLogs = pgTable(
  'session_logs',
  {
    sessionId: uuid('session_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pluginId: integer('plugin_id').notNull(),
    pluginName: text('plugin_name').notNull(),
    /** When the session was opened: the partition key. */
    startedAt: timestamptz('started_at').notNull(),
    lastUpdate: timestamptz('last_update').notNull().defaultNow(),
    /** The user was over their session limit at some point of this session (its open or a heartbeat). */
    exceeded: boolean('exceeded').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.startedAt] }),
    // The page, newest first (ties by session id), and one user's rows in that order. NULLS FIRST
    // is what a plain ORDER BY … DESC means, so the index serves it. Migration 0020 adds INCLUDE
    // columns (the rest of a page's row) that Drizzle cannot declare: index-only page reads.
    index('session_logs_last_update_session_id_idx').on(
      t.lastUpdate.desc().nullsFirst(),
      t.sessionId.desc().nullsFirst(),
    ),
    index('session_logs_user_id_last_update_idx').on(
      t.userId,
      t.lastUpdate.desc().nullsFirst(),
      t.sessionId.desc().nullsFirst(),
    ),
  ],
);

/**
 * One row per day partition of session_logs (decisions 0049, 0060): an upper bound of the
 * last_update of its rows written after their open (a heartbeat batch, a breach, a late row),
 * rounded up to the next hour so that the bound moves at most once an hour. An open writes nothing
 * here: its row's last_update is its started_at, inside the day, so a day whose users are not
 * counted yet is bounded by its end as well. Once the day is over (and a margin for clocks and
 * writers still running), the upkeep counts its users' days and sets the exact bound in one
 * aggregate (`usersCounted`). Created and dropped with its partition.
 */
export const sessionLogDays = pgTable('session_log_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  /** Null while no row has raised it (an open does not). */
  latestUpdate: timestamptz('latest_update'),
  /** The day is over and its users' days are counted (session_log_user_days); until then they are read from the rows. */
  usersCounted: boolean('users_counted').notNull().default(false),
});

/**
 * The days a user has session-log rows in and how many (decisions 0049, 0060): a user's
 * /session-logs filter reads those partitions only, and counts without reading rows. Counted for
 * a whole day in one aggregate once the day is over (session_log_days.users_counted), then kept by
 * a trigger for the rare rows written into a past day; moved by an account transfer; removed with
 * its day's partition or its user (session-log rows are never deleted one by one).
 */
export const sessionLogUserDays = pgTable(
  'session_log_user_days',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** How many of the user's rows the day holds: the filter's count without reading the rows. */
    sessions: integer('sessions').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('session_log_user_days_day_idx').on(t.day)],
);

export type ClientSession = typeof clientSessions.$inferSelect;
export type NewClientSession = typeof clientSessions.$inferInsert;
export type SessionLog = typeof sessionLogs.$inferSelect;
export type NewSessionLog = typeof sessionLogs.$inferInsert;
