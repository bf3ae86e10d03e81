import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A counter per user that moves whenever something deciding their game-client session limits
 * changes: their subscriptions, the plugin links of a price they hold, the links they switched off,
 * their votes, or the end of one of their sessions (a kill, a reset, the sweep). Database triggers
 * bump it in the same transaction as the change (migration 0021, decision 0036), so no write path
 * can forget it. A heartbeat compares it with the value its session was last checked at: equal, and
 * the limits of that check still hold.
 */
export const clientLimitGenerations = pgTable('client_limit_generations', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  generation: bigint('generation', { mode: 'number' }).notNull().default(0),
});
