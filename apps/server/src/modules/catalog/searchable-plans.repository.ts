import { preparedStatement } from '@ember/db/prepared';
import type { ActiveSubscriptionCountsSql } from './catalog-ports.ts';
import type { HandedDb } from './db.ts';
import { NO_PRICE, ON_SALE, PROFILE, PROFILES, PROMO_PRICE, perPopularity } from './plan-sql.ts';

/** A listed plan as the search index keeps it: ranks are dense (ties share one), 0 first. */
export interface SearchablePlan {
  id: number;
  /** lower(name), as the name filter compares it. */
  name: string;
  ownerDiscordId: string;
  labelIds: number[];
  idRank: number;
  nameRank: number;
  createdRank: number;
  /** Rank of the active subscriptions' count (the rule of isActiveSubscription), fewest first. */
  popularRank: number;
  /** Rank of the lowest listed price after promo, unpriced last. */
  priceRank: number;
  /** The lowest listed price after promo (the price filter); null when none. */
  fromPrice: number | null;
  ratingCount: number;
  ratingSum: number;
}

/**
 * Every listed plan with its rank in each sort, ranked by PostgreSQL with the very expressions of
 * sortExpression (its collation for names, its integer arithmetic for promo prices): two aggregates
 * over the whole store instead of a count per plan per request (decision 0020, issue 21).
 */
const searchablePlansStatement = perPopularity((activeCounts) =>
  preparedStatement<Omit<SearchablePlan, 'idRank' | 'labelIds'> & { labels: string | null }>(
    'shop_searchable_plans',
    `select p.id, lower(p.name) as name, ${PROFILE.discordId} as "ownerDiscordId",
     (select string_agg(pl.label_id::text, ',') from plan_labels pl where pl.plan_id = p.id) as labels,
     (dense_rank() over (order by lower(p.name)) - 1)::int as "nameRank",
     (dense_rank() over (order by p.created_at) - 1)::int as "createdRank",
     (dense_rank() over (order by coalesce(a.active, 0)) - 1)::int as "popularRank",
     (dense_rank() over (order by coalesce(c.from_price, ${NO_PRICE})) - 1)::int as "priceRank",
     c.from_price::int as "fromPrice", p.rating_count as "ratingCount", p.rating_sum as "ratingSum"
   from plans p
   join ${PROFILES} on ${PROFILE.id} = p.owner_id
   left join (${activeCounts('$1')}) a on a.plan_id = p.id
   left join (select pr.plan_id, min(${PROMO_PRICE}) as from_price from prices pr
              where pr.enabled and not pr.hidden group by pr.plan_id) c on c.plan_id = p.id
   where ${ON_SALE}
   order by p.id`,
  ),
);

export async function loadSearchableListedPlans(
  db: HandedDb,
  now: Date,
  activeCounts: ActiveSubscriptionCountsSql,
): Promise<SearchablePlan[]> {
  const rows = await searchablePlansStatement(activeCounts)(db, [now.toISOString()]);
  return rows.map(({ labels, ...row }, index) => ({
    ...row,
    idRank: index,
    labelIds: labels ? labels.split(',').map(Number) : [],
  }));
}
