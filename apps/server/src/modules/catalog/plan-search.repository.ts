import type { PlanSortKey } from '@ember/contracts/catalog';
import type { Sort } from '@ember/contracts/paging';
import { isActiveSubscription } from '@ember/db/predicates/active-subscription';
import { planLabels, plans, prices } from '@ember/db/schema/catalog';
import { subscriptions } from '@ember/db/schema/subscriptions';
import { users } from '@ember/db/schema/users';
import type { Db } from '@ember/db/types';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { isListedPrice, planColumns, promoPriceOf } from './plans.repository.ts';

export interface PlanSearch {
  /** Case-insensitive part of the name. */
  name?: string;
  ownerDiscordIds: string[];
  /** Plans having ANY of these labels. */
  labelIds: number[];
}

/** `%`, `_` and `\` typed by a shopper are literal characters, not wildcards. */
export const escapeLikePattern = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Listed plans matching the search. Each filter is written so PostgreSQL can answer it from an
 * index: `lower(name) like '%…%'` from the trigram index plans_name_trgm_idx, the owner filter from
 * plans_owner_id_idx, the label filter from plan_labels_label_id_idx.
 */
function listedPlansMatching(search: PlanSearch): SQL {
  const conditions: SQL[] = [sql`${plans.enabled} and not ${plans.hidden}`];
  if (search.name) {
    conditions.push(sql`lower(${plans.name}) like '%' || lower(${escapeLikePattern(search.name)}) || '%'`);
  }
  if (search.ownerDiscordIds.length > 0) {
    conditions.push(
      sql`${plans.ownerId} in (select ${users.id} from ${users} where ${inArray(users.discordId, search.ownerDiscordIds)})`,
    );
  }
  if (search.labelIds.length > 0) {
    conditions.push(
      sql`${plans.id} in (select ${planLabels.planId} from ${planLabels} where ${inArray(planLabels.labelId, search.labelIds)})`,
    );
  }
  return and(...conditions) as SQL;
}

/**
 * What each sort key orders by. `popular` counts the plan's active subscriptions (through
 * subscriptions_plan_id_idx); `price` is the lowest listed price after promo, plans without one last.
 */
function sortExpression(key: PlanSortKey, now: Date): SQL {
  switch (key) {
    case 'name':
      return sql`lower(${plans.name})`;
    case 'id':
      return sql`${plans.id}`;
    case 'createdAt':
      return sql`${plans.createdAt}`;
    case 'popular':
      return sql`(select count(*) from ${subscriptions} where ${subscriptions.planId} = ${plans.id} and ${isActiveSubscription(now)})`;
    case 'price':
      return sql`coalesce((select min(${promoPriceOf}) from ${prices} where ${prices.planId} = ${plans.id} and ${isListedPrice}), ${NO_PRICE})`;
  }
}

/** Sorts plans without a listed price after every priced plan (ascending). */
const NO_PRICE = 2_147_483_647;

/** The page query, as a builder so tests can EXPLAIN exactly what runs. */
export function listedPlansPageQuery(
  db: Db,
  search: PlanSearch,
  paging: { page: number; size: number; sort: Sort<PlanSortKey> },
  now: Date = new Date(),
) {
  const direction = paging.sort.order === 'desc' ? desc : asc;
  return (
    db
      .select(planColumns)
      .from(plans)
      .innerJoin(users, eq(users.id, plans.ownerId))
      .where(listedPlansMatching(search))
      // The id breaks ties (oldest first) so a plan never shows on two pages.
      .orderBy(direction(sortExpression(paging.sort.key, now)), asc(plans.id))
      .limit(paging.size)
      .offset(paging.page * paging.size)
  );
}

export function listedPlansCountQuery(db: Db, search: PlanSearch) {
  return db.select({ count: sql<number>`count(*)::int` }).from(plans).where(listedPlansMatching(search));
}

export async function countListedPlans(db: Db, search: PlanSearch): Promise<number> {
  const [row] = await listedPlansCountQuery(db, search);
  return row?.count ?? 0;
}

/** Owners of at least one listed plan: the shop's developer filter. */
export function findListedPlanOwners(db: Db) {
  return db
    .select({
      id: users.id,
      discordId: users.discordId,
      username: users.username,
      displayName: users.displayName,
    })
    .from(users)
    .where(
      sql`${users.id} in (select ${plans.ownerId} from ${plans} where ${plans.enabled} and not ${plans.hidden})`,
    )
    .orderBy(asc(users.id));
}
