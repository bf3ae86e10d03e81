import type { Sort } from '@ember/contracts/paging';
import type { SubscriptionSortKey } from '@ember/contracts/subscriptions';
import { preparedPerDatabase } from '@ember/db/prepared';
import { plans, prices } from '@ember/db/schema/catalog';
import { subscriptions } from '@ember/db/schema/subscriptions';
import { users } from '@ember/db/schema/users';
import { ledgerEntries, ledgerJournals } from '@ember/db/schema/wallet';
import type { Db } from '@ember/db/types';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { escapeLikePattern } from '../../lib/like-pattern.ts';

const gifter = alias(users, 'gifter');

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
  user: { id: users.id, discordId: users.discordId, username: users.username },
  gifter: { id: gifter.id, discordId: gifter.discordId, username: gifter.username },
  plan: { id: plans.id, name: plans.name, ownerId: plans.ownerId },
  price: {
    id: prices.id,
    name: prices.name,
    period: prices.period,
    price: prices.price,
    extensionPrice: prices.extensionPrice,
    extensionAllowed: prices.extensionAllowed,
  },
};

export type SubscriptionViewRow = Awaited<ReturnType<typeof findSubscriptionViews>>[number];

const SORT_COLUMNS = {
  purchaseDate: subscriptions.purchaseDate,
  'user.discordId': users.discordId,
  'user.username': users.username,
} as const;

/**
 * Credits refunded on each subscription, joined per row (lateral) to the rows being answered only:
 * its refund journals (ledger_journals_reference_idx) and their REFUND postings.
 */
const refunds = sql`lateral (
  select sum(${ledgerEntries.amount})::bigint as amount
  from ${ledgerJournals} join ${ledgerEntries} on ${ledgerEntries.journalId} = ${ledgerJournals.id}
  where ${ledgerJournals.referenceKind} = 'SUBSCRIPTION' and ${ledgerJournals.referenceId} = ${subscriptions.id}
    and ${ledgerJournals.kind} = 'SUBSCRIPTION_REFUND' and ${ledgerEntries.type} = 'REFUND'
) as ${sql.identifier('refunds')}`;

const baseQuery = (db: Db) =>
  db
    .select(viewColumns)
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .leftJoin(gifter, eq(gifter.id, subscriptions.giftedById))
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .innerJoin(prices, eq(prices.id, subscriptions.priceId))
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
  db: Db,
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
  if (byUser) ids.innerJoin(users, eq(users.id, subscriptions.userId));
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
    ilike(users.username, pattern),
    ilike(users.displayName, pattern),
    eq(users.discordId, search),
  );
  return sql`${subscriptions.userId} in (select ${users.id} from ${users} where ${matching})`;
}

const subscriptionView = preparedPerDatabase((db) =>
  baseQuery(db)
    .where(eq(subscriptions.id, sql.placeholder('id')))
    .prepare('subscription_view'),
);

export async function findSubscriptionView(db: Db, id: number) {
  const [row] = await subscriptionView(db).execute({ id });
  return row ?? null;
}

export async function countSubscriptions(db: Db, filter: SubscriptionFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(subscriptions).where(whereOf(filter));
  return row?.total ?? 0;
}

export async function findPriceOwner(db: Db, priceId: number) {
  const [row] = await db
    .select({ id: prices.id, ownerId: plans.ownerId })
    .from(prices)
    .innerJoin(plans, eq(plans.id, prices.planId))
    .where(eq(prices.id, priceId));
  return row ?? null;
}

export async function findPlanOwner(db: Db, planId: number) {
  const [row] = await db
    .select({ id: plans.id, ownerId: plans.ownerId })
    .from(plans)
    .where(eq(plans.id, planId));
  return row ?? null;
}
