import { type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { userProfiles } from '../users/index.ts';
import type { ActiveSubscriptionCountsSql } from './catalog-ports.ts';

// The SQL text the shop's hand-written statements share (plan-search.repository.ts and its siblings).

/**
 * The shop's one rule (decision 0031): a plan is on sale when it is enabled, shown and has at least
 * one buyable price. `plans.on_sale` holds it (kept by the database in the transaction of every
 * plan or price change); the list, its count, the search index, the developer filter and the
 * sitemap all test this column, and the partial indexes hold only these plans.
 */
export const ON_SALE = 'p.on_sale';

/** Sorts plans without a listed price after every priced plan (ascending); a plan on sale always has one. */
export const NO_PRICE = 2_147_483_647;

/** The SQL text of a Drizzle table, projection or column, for the hand-written statements below. */
const dialect = new PgDialect();
const textOf = (fragment: SQLWrapper) => dialect.sqlToQuery(sql`${fragment}`).sql;

/**
 * Owners are named through the users module's profiles (decision 0035): a projection PostgreSQL
 * flattens, so the plans of these statements are those of joining the users table.
 */
export const PROFILES = textOf(userProfiles);
export const PROFILE = {
  id: textOf(userProfiles.id),
  discordId: textOf(userProfiles.discordId),
  displayName: textOf(userProfiles.displayName),
};

/** What a buyer pays for a price after its promo, rounded down like the sale (chargeFor). */
export const PROMO_PRICE = '(pr.price * (100 - pr.promo_discount_percent)) / 100';

/**
 * The rating sort's Bayesian average (decision 0051): RATING_PRIOR's 5 reviews of 3 stars added to
 * every plan's own, so one 5-star review does not top plans with many good ones. The very
 * expression of the index plans_listed_rating_idx; the search index compares the same fractions exactly.
 */
export const BAYESIAN_RATING = '((p.rating_sum + 15)::numeric / (p.rating_count + 5))';

/** The cards of the plans in `page` (id, position), joined to owner, labels (JSON) and best promo. */
export const CARD_COLUMNS = `select p.id, p.name, p.description, p.image_url as "imageUrl", p.tags, p.forum_link as "forumLink",
  p.owner_id as "ownerId", ${PROFILE.displayName} as "ownerDisplayName", ${PROFILE.discordId} as "ownerDiscordId",
  p.hidden, p.enabled,
  coalesce(l.labels, '[]'::json) as labels,
  coalesce(promo.discount, 0)::int as "promoDiscount",
  coalesce(promo.extra_days, 0)::int as "promoExtraDays",
  promo.from_price::int as "fromPrice",
  p.rating_count as "ratingCount", p.rating_sum as "ratingSum"
from page
join plans p on p.id = page.id
join ${PROFILES} on ${PROFILE.id} = p.owner_id
left join lateral (
  select json_agg(json_build_object('id', lb.id, 'name', lb.name, 'icon', lb.icon) order by lb.id) as labels
  from plan_labels pl join labels lb on lb.id = pl.label_id
  where pl.plan_id = p.id
) l on true
left join lateral (
  select max(pr.promo_discount_percent) as discount, max(pr.promo_extra_days) as extra_days,
         min(${PROMO_PRICE}) as from_price
  from prices pr where pr.plan_id = p.id and pr.enabled and not pr.hidden
) promo on true`;

/**
 * What a statement sorting by popularity is built from once per way of counting (app.ts hands in
 * one, the subscriptions module's): its text holds that count.
 */
export function perPopularity<T>(build: (activeCounts: ActiveSubscriptionCountsSql) => T) {
  const built = new WeakMap<ActiveSubscriptionCountsSql, T>();
  return (activeCounts: ActiveSubscriptionCountsSql): T => {
    let value = built.get(activeCounts);
    if (value === undefined) {
      value = build(activeCounts);
      built.set(activeCounts, value);
    }
    return value;
  };
}
