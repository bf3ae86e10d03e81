import { LIST_KINDS, PERIODS } from '@ember/contracts/enums';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId, isOneOf, isPercent, timestamptz, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** The 28 fixed plan labels; ids come from `PLAN_LABELS` in contracts. */
export const labels = pgTable('labels', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique('labels_name_key'),
  icon: text('icon').notNull(),
});

export const plans = pgTable(
  'plans',
  {
    id: identityId(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'no action' }),
    name: text('name').notNull(),
    /** Markdown. */
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    tags: text('tags').array().notNull().default([]),
    forumLink: text('forum_link'),
    /** Owner toggle: hidden plans are not listed in the shop but stay reachable by id. */
    hidden: boolean('hidden').notNull().default(false),
    /** Admin toggle: disabled plans cannot be bought. */
    enabled: boolean('enabled').notNull().default(true),
    /**
     * Set when the owner deleted a plan that had sold: it is gone from the shop and the owner's
     * plans (hidden, disabled, unreachable by id) while its subscriptions keep their plan and price.
     */
    archivedAt: timestamptz('archived_at'),
    /**
     * How many of its prices are buyable (enabled and not hidden). Kept by the trigger
     * prices_count_listed (migration 0018) in the transaction of every price insert, update and
     * delete, whatever writes it; never written by the application.
     */
    listedPrices: integer('listed_prices').notNull().default(0),
    /**
     * On sale (decision 0031): enabled, shown and with at least one buyable price. The shop list,
     * its search and counts, the developer filter, the search index and the sitemap hold exactly
     * these plans.
     */
    onSale: boolean('on_sale').notNull().generatedAlwaysAs(sql`enabled and not hidden and listed_prices > 0`),
    /**
     * How many reviews not hidden the plan has and the sum of their ratings (issue 35). Kept by the
     * trigger plan_reviews_rating (migration 0024) in the transaction of every review write; never
     * written by the application. The shop's rating sort and filter read them (decision 0051).
     */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    createdAt: createdAt(),
    /** Also moved by the trigger prices_count_listed when one of its prices changes (the sitemap's lastmod). */
    updatedAt: updatedAt(),
  },
  (t) => [
    index('plans_owner_id_idx').on(t.ownerId),
    index('plans_enabled_hidden_idx').on(t.enabled, t.hidden),
    // Case-insensitive partial-name search (`lower(name) like '%term%'`) for the shop.
    index('plans_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    // The shop's "newest" sort (created_at, then id) reads the first page without sorting every plan.
    index('plans_created_at_id_idx').on(t.createdAt, t.id),
    // The shop's name sort and its count read only plans on sale, in order, from these (issue 11, 26).
    index('plans_listed_name_idx').on(sql`lower(${t.name})`, t.id).where(sql`${t.onSale}`),
    index('plans_listed_id_idx').on(t.id).where(sql`${t.onSale}`),
    // The shop's rating sort (the Bayesian average of decision 0051, then id) reads plans on sale in order.
    index('plans_listed_rating_idx')
      .on(sql`((${t.ratingSum} + 15)::numeric / (${t.ratingCount} + 5)) desc`, t.id)
      .where(sql`${t.onSale}`),
    check('plans_name_not_blank', sql`length(trim(${t.name})) > 0`),
    check('plans_archived_not_listed', sql`${t.archivedAt} is null or (${t.hidden} and not ${t.enabled})`),
    check('plans_listed_prices_not_negative', sql`${t.listedPrices} >= 0`),
    check('plans_rating_count_not_negative', sql`${t.ratingCount} >= 0`),
  ],
);

export const planLabels = pgTable(
  'plan_labels',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    labelId: integer('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'no action' }),
  },
  (t) => [primaryKey({ columns: [t.planId, t.labelId] }), index('plan_labels_label_id_idx').on(t.labelId)],
);

/** A purchasable option of a plan. Amounts are whole credits. */
export const prices = pgTable(
  'prices',
  {
    id: identityId(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    period: text('period', { enum: PERIODS }).notNull(),
    price: integer('price').notNull(),
    promoDiscountPercent: integer('promo_discount_percent').notNull().default(0),
    promoExtraDays: integer('promo_extra_days').notNull().default(0),
    vipOnly: boolean('vip_only').notNull().default(false),
    extensionPrice: integer('extension_price'),
    extensionAllowed: boolean('extension_allowed').notNull().default(false),
    /** Maximum concurrent active subscriptions; null = unlimited. */
    slots: integer('slots'),
    exposeSubCount: boolean('expose_sub_count').notNull().default(false),
    enabled: boolean('enabled').notNull().default(false),
    hidden: boolean('hidden').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('prices_plan_id_idx').on(t.planId),
    // Target of subscriptions' (price_id, plan_id) foreign key, which keeps the two consistent.
    unique('prices_id_plan_id_key').on(t.id, t.planId),
    check('prices_period_known', isOneOf(t.period, PERIODS)),
    check('prices_price_not_negative', sql`${t.price} >= 0`),
    check('prices_promo_discount_percent_range', isPercent(t.promoDiscountPercent)),
    check('prices_promo_extra_days_not_negative', sql`${t.promoExtraDays} >= 0`),
    check('prices_extension_price_not_negative', sql`${t.extensionPrice} >= 0`),
    check('prices_slots_not_negative', sql`${t.slots} >= 0`),
  ],
);

/**
 * Whitelist and blacklist entries. Exactly one of plan_id / price_id is set, so one table serves
 * both levels; each (target, user, kind) appears once.
 */
export const accessListEntries = pgTable(
  'access_list_entries',
  {
    id: identityId(),
    kind: text('kind', { enum: LIST_KINDS }).notNull(),
    planId: integer('plan_id').references(() => plans.id, { onDelete: 'cascade' }),
    priceId: integer('price_id').references(() => prices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('access_list_entries_plan_user_kind_key')
      .on(t.planId, t.userId, t.kind)
      .where(sql`${t.planId} is not null`),
    uniqueIndex('access_list_entries_price_user_kind_key')
      .on(t.priceId, t.userId, t.kind)
      .where(sql`${t.priceId} is not null`),
    index('access_list_entries_user_id_idx').on(t.userId),
    check('access_list_entries_kind_known', isOneOf(t.kind, LIST_KINDS)),
    check('access_list_entries_one_target', sql`num_nonnulls(${t.planId}, ${t.priceId}) = 1`),
  ],
);

export type Label = typeof labels.$inferSelect;
export type Plan = typeof plans.$inferSelect;
export type NewPlan = typeof plans.$inferInsert;
export type Price = typeof prices.$inferSelect;
export type NewPrice = typeof prices.$inferInsert;
export type AccessListEntry = typeof accessListEntries.$inferSelect;
export type NewAccessListEntry = typeof accessListEntries.$inferInsert;
