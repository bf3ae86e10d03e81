import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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

/** One row per session open or heartbeat; kept after the session ends. */
export const sessionLogs = pgTable(
  'session_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    sessionId: uuid('session_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pluginId: integer('plugin_id').notNull(),
    pluginName: text('plugin_name').notNull(),
    lastUpdate: timestamptz('last_update').notNull().defaultNow(),
    /** The user was over their session limit at this point. */
    exceeded: boolean('exceeded').notNull().default(false),
  },
  (t) => [
    index('session_logs_last_update_idx').on(t.lastUpdate),
    index('session_logs_user_id_idx').on(t.userId),
    index('session_logs_session_id_idx').on(t.sessionId),
    index('session_logs_exceeded_idx').on(t.lastUpdate).where(sql`${t.exceeded}`),
  ],
);

export type ClientSession = typeof clientSessions.$inferSelect;
export type NewClientSession = typeof clientSessions.$inferInsert;
export type SessionLog = typeof sessionLogs.$inferSelect;
export type NewSessionLog = typeof sessionLogs.$inferInsert;
