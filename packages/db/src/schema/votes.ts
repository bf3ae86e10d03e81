import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable } from 'drizzle-orm/pg-core';
import { createdAt, identityId, timestamptz } from './columns.ts';
import { users } from './users.ts';

/** A vote for the client; the reward given is recorded with it. */
export const votes = pgTable(
  'votes',
  {
    id: identityId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    rewardHours: integer('reward_hours').notNull().default(0),
    extraSessions: integer('extra_sessions').notNull().default(0),
    extraSessionsUntil: timestamptz('extra_sessions_until'),
  },
  (t) => [
    index('votes_user_id_created_at_idx').on(t.userId, t.createdAt),
    check('votes_reward_hours_not_negative', sql`${t.rewardHours} >= 0`),
    check('votes_extra_sessions_not_negative', sql`${t.extraSessions} >= 0`),
  ],
);

export type Vote = typeof votes.$inferSelect;
export type NewVote = typeof votes.$inferInsert;
