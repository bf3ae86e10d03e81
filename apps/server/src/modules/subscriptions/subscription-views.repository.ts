import type { Sort } from '@ember/contracts/paging';
import type { SubscriptionSortKey } from '@ember/contracts/subscriptions';
import { preparedPerDatabase } from '@ember/db/prepared';
import { subscriptions } from '@ember/db/schema/subscriptions';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { countedTotal, firstRowOrNull } from '../../lib/first-row.ts';
import { escapeLikePattern } from '../../lib/like-pattern.ts';
import { planTerms, priceTerms } from '../catalog/index.ts';
import { userProfiles } from '../users/index.ts';
import { journalPostings } from '../wallet/index.ts';
import type { HandedDb } from './db.ts';

// The profiles projection a second time in the statement, for the one who gifted the subscription.
const gifter = new QueryBuilder().select().from(userProfiles).as('gifter');

const viewColumns = {
  id: subscriptions.id,
  purchaseDate: subscriptions.purchaseDate,
  startDate: subscriptions.startDate,
  expireDate: subscriptions.expireDate,
  purchasePrice: subscriptions.purchasePrice,
  paused: subscriptions.paused,
  pauseDate: subscriptions.pauseDate,
  pauseDays: subscriptions.pauseDays,
  pauseUsed: subscriptions.pauseUsed,
  extended: subscriptions.extended,
  discountCode: subscriptions.discountCodeId,
  refunded: sql<number>`coalesce(${sql.identifier('refunds')}.${sql.identifier('amount')}, 0)`.mapWith(
    Number,
  ),
  user: { id: userProfiles.id, discordId: userProfiles.discordId, username: userProfiles.username },
  gifter: { id: gifter.id, discordId: gifter.discordId, username: gifter.username },
  plan: { id: planTerms.id, name: planTerms.name, ownerId: planTerms.ownerId },
  price: {
    id: priceTerms.id,
    name: priceTerms.name,
    period: priceTerms.period,
    price: priceTerms.price,
    extensionPrice: priceTerms.extensionPrice,
    extensionAllowed: priceTerms.extensionAllowed,
  },
};

export type SubscriptionViewRow = Awaited<ReturnType<typeof findSubscriptionViews>>[number];

const SORT_COLUMNS = {
  purchaseDate: subscriptions.purchaseDate,
  'user.discordId': userProfiles.discordId,
  'user.username': userProfiles.username,
} as const;

/**
 * Credits refunded on each subscription, joined per row (lateral) to the rows being answered only:
 * its refund journals (ledger_journals_reference_idx) and their REFUND postings.
 */
const refunds = sql`lateral (
  select sum(${journalPostings.amount})::bigint as amount
  from ${journalPostings}
  where ${journalPostings.referenceKind} = 'SUBSCRIPTION' and ${journalPostings.referenceId} = ${subscriptions.id}
    and ${journalPostings.journalKind} = 'SUBSCRIPTION_REFUND' and ${journalPostings.type} = 'REFUND'
) as ${sql.identifier('refunds')}`;

const baseQuery = (db: HandedDb) =>
  db
    .select(viewColumns)
    .from(subscriptions)
    .innerJoin(userProfiles, eq(userProfiles.id, subscriptions.userId))
    .leftJoin(gifter, eq(gifter.id, subscriptions.giftedById))
    .innerJoin(planTerms, eq(planTerms.id, subscriptions.planId))
    .innerJoin(priceTerms, eq(priceTerms.id, subscriptions.priceId))
    .leftJoin(refunds, sql`true`);

/** Whose subscriptions: one account's, one price's or one plan's; `search` narrows to matching subscribers. */
export type SubscriptionFilter = ({ userId: number } | { priceId: number } | { planId: number }) & {
  search?: string;
};

function whereOf(filter: SubscriptionFilter): SQL {
  const of =
    'userId' in filter
      ? eq(subscriptions.userId, filter.userId)
      : 'priceId' in filter
        ? eq(subscriptions.priceId, filter.priceId)
        : eq(subscriptions.planId, filter.planId);
  return filter.search ? (and(of, subscriberMatches(filter.search)) ?? of) : of;
}

/**
 * Subscriptions with their holder, gifter, plan and price; newest purchase first unless sorted.
 * A page is found first from the ids alone (a deferred join: skipped rows are read from the index,
 * never joined), then only its rows are joined to the rest.
 */
export function findSubscriptionViews(
  db: HandedDb,
  filter: SubscriptionFilter,
  options: { sort?: Sort<SubscriptionSortKey>; limit?: number; offset?: number } = {},
) {
  const where = whereOf(filter);
  const sort = options.sort ?? { key: 'purchaseDate', order: 'desc' };
  const direction = sort.order === 'asc' ? asc : desc;
  const order = [direction(SORT_COLUMNS[sort.key]), direction(subscriptions.id)];
  if (options.limit === undefined && options.offset === undefined) {
    return baseQuery(db)
      .where(where)
      .orderBy(...order);
  }
  const byUser = sort.key !== 'purchaseDate';
  const ids = db.select({ id: subscriptions.id }).from(subscriptions).$dynamic();
  if (byUser) ids.innerJoin(userProfiles, eq(userProfiles.id, subscriptions.userId));
  ids.where(where).orderBy(...order);
  if (options.limit !== undefined) ids.limit(options.limit);
  if (options.offset !== undefined) ids.offset(options.offset);
  const page = ids.as('page');
  return baseQuery(db)
    .innerJoin(page, eq(page.id, subscriptions.id))
    .orderBy(...order);
}

/**
 * Subscriptions whose holder's username or display name contains the text (any case), or whose
 * Discord id is exactly it. A condition on the subscription alone, so the deferred page and the
 * count stay free of joins.
 */
function subscriberMatches(search: string): SQL {
  const pattern = `%${escapeLikePattern(search)}%`;
  const matching = or(
    ilike(userProfiles.username, pattern),
    ilike(userProfiles.displayName, pattern),
    eq(userProfiles.discordId, search),
  );
  return sql`${subscriptions.userId} in (select ${userProfiles.id} from ${userProfiles} where ${matching})`;
}

const subscriptionView = preparedPerDatabase((db) =>
  baseQuery(db)
    .where(eq(subscriptions.id, sql.placeholder('id')))
    .prepare('subscription_view'),
);

export function findSubscriptionView(db: HandedDb, id: number) {
  return firstRowOrNull(subscriptionView(db).execute({ id }));
}

export function countSubscriptions(db: HandedDb, filter: SubscriptionFilter): Promise<number> {
  return countedTotal(db.select({ total: count() }).from(subscriptions).where(whereOf(filter)));
}
