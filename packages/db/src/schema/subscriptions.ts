import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { plans, prices } from './catalog.ts';
import { createdAt, identityId, timestamptz } from './columns.ts';
import { pluginLinks } from './delivery.ts';
import { discountCodes } from './discount-codes.ts';
import { users } from './users.ts';

/**
 * A user's right to a price's plugins from start_date until expire_date (null = lifetime).
 * Paid records are kept: deleting a price or plan that still has subscriptions is refused.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: identityId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'no action' }),
    planId: integer('plan_id').notNull(),
    priceId: integer('price_id').notNull(),
    purchaseDate: timestamptz('purchase_date').notNull().defaultNow(),
    startDate: timestamptz('start_date').notNull().defaultNow(),
    expireDate: timestamptz('expire_date'),
    /** Credits actually paid, after promo and discount code. */
    purchasePrice: integer('purchase_price').notNull().default(0),
    paused: boolean('paused').notNull().default(false),
    pauseDate: timestamptz('pause_date'),
    pauseDays: integer('pause_days'),
    /** A subscription can be paused once; unpausing does not give the pause back. */
    pauseUsed: boolean('pause_used').notNull().default(false),
    extended: boolean('extended').notNull().default(false),
    discountCodeId: text('discount_code_id').references(() => discountCodes.id, { onDelete: 'set null' }),
    giftedById: integer('gifted_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'subscriptions_price_plan_fk',
      columns: [t.priceId, t.planId],
      foreignColumns: [prices.id, prices.planId],
    }).onDelete('no action'),
    foreignKey({
      name: 'subscriptions_plan_id_fk',
      columns: [t.planId],
      foreignColumns: [plans.id],
    }).onDelete('no action'),
    index('subscriptions_user_id_idx').on(t.userId),
    index('subscriptions_price_id_expire_date_idx').on(t.priceId, t.expireDate),
    index('subscriptions_plan_id_idx').on(t.planId),
    // Pages of a price's or a plan's subscriptions, newest first, with the id breaking ties (issue 11).
    index('subscriptions_price_id_purchase_date_id_idx').on(t.priceId, t.purchaseDate, t.id),
    index('subscriptions_plan_id_purchase_date_id_idx').on(t.planId, t.purchaseDate, t.id),
    index('subscriptions_expire_date_idx').on(t.expireDate),
    index('subscriptions_paused_pause_date_idx').on(t.pauseDate).where(sql`${t.paused}`),
    // Deleting a user sets its gifts' giver to null: without this, every deleted user read the whole
    // table (4,000 users took minutes at 1,000,000 subscriptions).
    index('subscriptions_gifted_by_id_idx').on(t.giftedById).where(sql`${t.giftedById} is not null`),
    check('subscriptions_purchase_price_not_negative', sql`${t.purchasePrice} >= 0`),
    check(
      'subscriptions_pause_consistent',
      sql`not ${t.paused} or (${t.pauseDate} is not null and ${t.pauseUsed})`,
    ),
    check('subscriptions_pause_days_positive', sql`${t.pauseDays} > 0`),
  ],
);

/** A plugin a subscriber switched off for one subscription. */
export const disabledPluginLinks = pgTable(
  'disabled_plugin_links',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    pluginLinkId: integer('plugin_link_id')
      .notNull()
      .references(() => pluginLinks.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.pluginLinkId] }),
    index('disabled_plugin_links_plugin_link_id_idx').on(t.pluginLinkId),
  ],
);

export type Subscription = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type DisabledPluginLink = typeof disabledPluginLinks.$inferSelect;
