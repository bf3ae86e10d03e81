import { bigint, index, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * One row each time something deciding a user's game-client session limits changed: their
 * subscriptions, the plugin links of a price they hold, the links they switched off, their votes,
 * or the end of one of their sessions (a kill, a reset, the sweep). Database triggers append it in the
 * same transaction as the change (migration 0021, decision 0036), so no write path can forget it.
 * A user's limit generation is the newest id of theirs: a heartbeat compares it with the one its
 * session was last decided at. Appended, never updated, so a change never waits on another
 * transaction's lock (an update of one row per user deadlocked an account transfer against its
 * source's extensions). No foreign key, for the same reason: rows of a deleted user are left to the
 * hourly upkeep, which also keeps only each user's newest row.
 */
export const clientLimitChanges = pgTable(
  'client_limit_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
  },
  (t) => [index('client_limit_changes_user_id_id_idx').on(t.userId, t.id)],
);
