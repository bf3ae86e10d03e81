import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { identityId, timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * A premium developer's withdrawal of earnings (credits). The amount is reserved from earnings
 * by a ledger entry when requested; an owner completes it with a reference.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: identityId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'no action' }),
    amount: integer('amount').notNull(),
    description: text('description').notNull().default(''),
    /** Transfer reference: a URL or a number. */
    reference: text('reference'),
    date: timestamptz('date').notNull().defaultNow(),
    completed: boolean('completed').notNull().default(false),
    completedDate: timestamptz('completed_date'),
    completedById: integer('completed_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('payouts_user_id_date_idx').on(t.userId, t.date),
    index('payouts_date_idx').on(t.date),
    index('payouts_pending_idx').on(t.date).where(sql`not ${t.completed}`),
    check('payouts_amount_positive', sql`${t.amount} > 0`),
    check('payouts_completion_consistent', sql`${t.completed} = (${t.completedDate} is not null)`),
  ],
);

export type Payout = typeof payouts.$inferSelect;
export type NewPayout = typeof payouts.$inferInsert;
