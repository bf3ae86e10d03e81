import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, unique } from 'drizzle-orm/pg-core';
import { plans } from './catalog.ts';
import { createdAt, identityId, timestamptz, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * A player's rating (1-5) and review of a plan (issue 35): one per player per plan, written while or
 * after holding a subscription to it and having run one of its plugins in the game client. What
 * verified it is kept with it (the session logs are dropped after their retention, decision 0037).
 * The trigger plan_reviews_rating (migration 0024) keeps plans.rating_count and rating_sum, over the
 * reviews not hidden, in the transaction of every write.
 */
export const planReviews = pgTable(
  'plan_reviews',
  {
    id: identityId(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    body: text('body').notNull().default(''),
    /** Seconds the author had run the plan's plugins in game-client sessions when they last wrote it. */
    ranSeconds: integer('ran_seconds').notNull(),
    /** The price of the author's latest subscription to the plan and the credits they paid for it. */
    priceName: text('price_name').notNull(),
    pricePaid: integer('price_paid').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The plan owner's one answer. */
    answer: text('answer'),
    answeredAt: timestamptz('answered_at'),
    /** Set by staff with a reason: the review leaves the plan page and its numbers; its author still sees it. */
    hiddenReason: text('hidden_reason'),
    hiddenAt: timestamptz('hidden_at'),
    hiddenById: integer('hidden_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('plan_reviews_plan_id_user_id_key').on(t.planId, t.userId),
    // A plan page's reviews, newest first, without the hidden ones (the page's only read).
    index('plan_reviews_visible_plan_id_created_at_id_idx')
      .on(t.planId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.hiddenAt} is null`),
    index('plan_reviews_user_id_idx').on(t.userId),
    check('plan_reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('plan_reviews_ran_seconds_not_negative', sql`${t.ranSeconds} >= 0`),
    check('plan_reviews_hidden_with_reason', sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null)`),
    check('plan_reviews_answered_with_time', sql`(${t.answer} is null) = (${t.answeredAt} is null)`),
  ],
);

export type PlanReview = typeof planReviews.$inferSelect;
export type NewPlanReview = typeof planReviews.$inferInsert;
