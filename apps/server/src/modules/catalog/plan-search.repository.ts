import type { LabelResponse, PlanSortKey } from '@ember/contracts/catalog';
import type { Sort } from '@ember/contracts/paging';
import { listParameter, preparedStatement } from '@ember/db/prepared';
import { plans } from '@ember/db/schema/catalog';
import { asc, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { escapeLikePattern } from '../../lib/like-pattern.ts';
import { userProfiles } from '../users/index.ts';
import type { ActiveSubscriptionCountsSql } from './catalog-ports.ts';
import type { HandedDb } from './db.ts';

export interface PlanSearch {
  /** Case-insensitive part of the name. */
  name?: string;
  ownerDiscordIds: string[];
  /** Plans having ANY of these labels. */
  labelIds: number[];
  /** Plans whose plain average is at least this many stars (issue 35); unrated plans are left out. */
  minRating?: number;
  /** Plans whose lowest listed price after promo is at most this many credits. */
  maxPrice?: number;
}

export interface PlanPaging {
  page: number;
  size: number;
  sort: Sort<PlanSortKey>;
}

/** A shop card's row: the plan, its owner, its labels and its best promo, from one statement. */
export interface ShopPlanRow {
  id: number;
  name: string;
  description: string;
  imageUrl: string | null;
  tags: string[];
  forumLink: string | null;
  ownerId: number;
  ownerDisplayName: string;
  ownerDiscordId: string;
  hidden: boolean;
  enabled: boolean;
  labels: LabelResponse[];
  promoDiscount: number;
  promoExtraDays: number;
  fromPrice: number | null;
  /** The plan's visible reviews and the sum of their stars (kept on the plan's row by migration 0024's trigger). */
  ratingCount: number;
  ratingSum: number;
}

/**
 * The shop's one rule (decision 0031): a plan is on sale when it is enabled, shown and has at least
 * one buyable price. `plans.on_sale` holds it (kept by the database in the transaction of every
 * plan or price change); the list, its count, the search index, the developer filter and the
 * sitemap all test this column, and the partial indexes hold only these plans.
 */
const ON_SALE = 'p.on_sale';

/** Sorts plans without a listed price after every priced plan (ascending); a plan on sale always has one. */
const NO_PRICE = 2_147_483_647;

/** The SQL text of a Drizzle table, projection or column, for the hand-written statements below. */
const dialect = new PgDialect();
const textOf = (fragment: SQLWrapper) => dialect.sqlToQuery(sql`${fragment}`).sql;

/**
 * Owners are named through the users module's profiles (decision 0035): a projection PostgreSQL
 * flattens, so the plans of these statements are those of joining the users table.
 */
const PROFILES = textOf(userProfiles);
const PROFILE = {
  id: textOf(userProfiles.id),
  discordId: textOf(userProfiles.discordId),
  displayName: textOf(userProfiles.displayName),
};

/** What a buyer pays for a price after its promo, rounded down like the sale (chargeFor). */
const PROMO_PRICE = '(pr.price * (100 - pr.promo_discount_percent)) / 100';

/**
 * The rating sort's Bayesian average (decision 0051): RATING_PRIOR's 5 reviews of 3 stars added to
 * every plan's own, so one 5-star review does not top plans with many good ones. The very
 * expression of the index plans_listed_rating_idx; the search index compares the same fractions exactly.
 */
const BAYESIAN_RATING = '((p.rating_sum + 15)::numeric / (p.rating_count + 5))';

/** The values a shop statement may take; each statement numbers only those it uses. */
interface StatementValues {
  now: string;
  name: string | null;
  owners: string;
  labels: string;
  minRating: number | null;
  maxPrice: number | null;
  limit: number;
  offset: number;
}
type ValueKey = keyof StatementValues;

/** Numbers the parameters of one statement as they are first used ($1, $2, …), remembering their order. */
function parameters() {
  const order: ValueKey[] = [];
  const use = (key: ValueKey) => {
    if (!order.includes(key)) order.push(key);
    return `$${order.indexOf(key) + 1}`;
  };
  return { use, order };
}
type Use = ReturnType<typeof parameters>['use'];

/**
 * What each sort key orders by. `popular` counts the plan's active subscriptions (the subscriptions
 * module's count, PostgreSQL reads it for each plan through its plan_id index); `price` is the
 * lowest listed price after promo, plans without one last.
 */
function sortExpression(key: PlanSortKey, use: Use, activeCounts: ActiveSubscriptionCountsSql): string {
  switch (key) {
    case 'name':
      return 'lower(p.name)';
    case 'id':
      return 'p.id';
    case 'createdAt':
      return 'p.created_at';
    case 'popular':
      return `coalesce((select a.active from (${activeCounts(use('now'))}) a where a.plan_id = p.id), 0)`;
    case 'price':
      return `coalesce((select min(${PROMO_PRICE}) from prices pr
                     where pr.plan_id = p.id and pr.enabled and not pr.hidden), ${NO_PRICE})`;
    case 'rating':
      return BAYESIAN_RATING;
  }
}

/** Which filters a search uses: each combination is its own statement, so PostgreSQL plans each for what it is. */
const shapeOf = (search: PlanSearch) => ({
  name: Boolean(search.name),
  owners: search.ownerDiscordIds.length > 0,
  labels: search.labelIds.length > 0,
  minRating: search.minRating !== undefined,
  maxPrice: search.maxPrice !== undefined,
});
type SearchShape = ReturnType<typeof shapeOf>;

/**
 * Plans on sale matching the search. Each filter is written so PostgreSQL can answer it from an
 * index: the name from the trigram index plans_name_trgm_idx, the owner from plans_owner_id_idx,
 * the label from plan_labels_label_id_idx.
 */
function whereOf(shape: SearchShape, use: Use): string {
  return [
    ON_SALE,
    shape.name ? `lower(p.name) like '%' || lower(${use('name')}::text) || '%'` : null,
    shape.owners
      ? `p.owner_id in (select ${PROFILE.id} from ${PROFILES} where ${PROFILE.discordId} = any(string_to_array(${use('owners')}::text, ',')))`
      : null,
    shape.labels
      ? `p.id in (select pl.plan_id from plan_labels pl where pl.label_id = any(string_to_array(${use('labels')}::text, ',')::int[]))`
      : null,
    shape.minRating
      ? `p.rating_count > 0 and p.rating_sum >= ${use('minRating')}::int * p.rating_count`
      : null,
    shape.maxPrice
      ? `exists (select 1 from prices pr where pr.plan_id = p.id and pr.enabled and not pr.hidden
                   and ${PROMO_PRICE} <= ${use('maxPrice')}::int)`
      : null,
  ]
    .filter(Boolean)
    .join(' and ');
}

/** The cards of the plans in `page` (id, position), joined to owner, labels (JSON) and best promo. */
const CARD_COLUMNS = `select p.id, p.name, p.description, p.image_url as "imageUrl", p.tags, p.forum_link as "forumLink",
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
 * One page of the shop as one statement (issue 11): the page's ids are found first (a deferred
 * join: only the sort key and the id are read for skipped rows), then only those plans are joined
 * to their owner, labels (as JSON) and best promo. `reversed` reads the page from the other end
 * (same rows, opposite order), so the last page costs what the first does.
 */
function pageText(
  shape: SearchShape,
  key: PlanSortKey,
  order: 'asc' | 'desc',
  reversed: boolean,
  activeCounts: ActiveSubscriptionCountsSql,
) {
  const { use, order: parameterOrder } = parameters();
  const descending = (order === 'desc') !== reversed;
  const text = `with page as (
  select ids.id, row_number() over () as position from (
    select p.id from plans p
    where ${whereOf(shape, use)}
    order by ${sortExpression(key, use, activeCounts)} ${descending ? 'desc' : 'asc'}, p.id ${reversed ? 'desc' : 'asc'}
    limit ${use('limit')} offset ${use('offset')}
  ) ids
)
${CARD_COLUMNS}
order by page.position ${reversed ? 'desc' : 'asc'}`;
  return { text, parameterOrder };
}

/**
 * The cards of the given plan ids, in that order; plans no longer listed are left out (the ids
 * may come from a ranking computed a moment ago).
 */
const cardsByIdsStatement = preparedStatement<ShopPlanRow>(
  'shop_cards_by_ids',
  `with page as (
  select t.id, t.position from unnest(string_to_array($1::text, ',')::int[]) with ordinality as t(id, position)
)
${CARD_COLUMNS}
where ${ON_SALE}
order by page.position`,
);

export function findPlanCardsByIds(db: HandedDb, ids: readonly number[]): Promise<ShopPlanRow[]> {
  return ids.length === 0 ? Promise.resolve([]) : cardsByIdsStatement(db, [listParameter(ids)]);
}

/** Plans read per statement when the card shelf is loaded (a keyset page of plans_listed_id_idx). */
const CARDS_READ = 5000;

const listedCardsAfterStatement = preparedStatement<ShopPlanRow>(
  'shop_listed_cards_after',
  `with page as (
  select p.id, p.id as position from plans p
  where ${ON_SALE} and p.id > $1::int
  order by p.id
  limit $2::int
)
${CARD_COLUMNS}
order by page.position`,
);

/**
 * The card of every plan on sale, by id (the card shelf, issue 21), read CARDS_READ plans at a
 * time. A label or an owner shared by many plans is kept once.
 */
export async function loadListedPlanCards(db: HandedDb): Promise<Map<number, ShopPlanRow>> {
  const cards = new Map<number, ShopPlanRow>();
  const labelsById = new Map<number, LabelResponse>();
  const owners = new Map<number, Pick<ShopPlanRow, 'ownerDisplayName' | 'ownerDiscordId'>>();
  let after = 0;
  for (;;) {
    const rows = await listedCardsAfterStatement(db, [after, CARDS_READ]);
    for (const row of rows) {
      const owner = owners.get(row.ownerId);
      if (owner && owner.ownerDisplayName === row.ownerDisplayName) {
        row.ownerDisplayName = owner.ownerDisplayName;
        row.ownerDiscordId = owner.ownerDiscordId;
      } else {
        owners.set(row.ownerId, {
          ownerDisplayName: row.ownerDisplayName,
          ownerDiscordId: row.ownerDiscordId,
        });
      }
      row.labels = row.labels.map((label) => {
        const kept = labelsById.get(label.id);
        if (kept && kept.name === label.name && kept.icon === label.icon) return kept;
        labelsById.set(label.id, label);
        return label;
      });
      cards.set(row.id, row);
    }
    const last = rows.at(-1);
    if (rows.length < CARDS_READ || !last) return cards;
    after = last.id;
  }
}

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
 * What a statement sorting by popularity is built from once per way of counting (app.ts hands in
 * one, the subscriptions module's): its text holds that count.
 */
function perPopularity<T>(build: (activeCounts: ActiveSubscriptionCountsSql) => T) {
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

/**
 * The rating numbers of every plan on sale that has any (the search index's refresh: reviews are
 * written without a catalog change, decision 0051), by plan id.
 */
export async function loadListedPlanRatings(
  db: HandedDb,
): Promise<Map<number, { count: number; sum: number }>> {
  const rows = await db
    .select({ id: plans.id, count: plans.ratingCount, sum: plans.ratingSum })
    .from(plans)
    .where(sql`${plans.onSale} and ${plans.ratingCount} > 0`);
  return new Map(rows.map((row) => [row.id, { count: row.count, sum: row.sum }]));
}

function countText(shape: SearchShape) {
  const { use, order: parameterOrder } = parameters();
  return { text: `select count(*)::int as total from plans p where ${whereOf(shape, use)}`, parameterOrder };
}

interface BuiltStatement {
  text: string;
  parameterOrder: ValueKey[];
  run: (db: HandedDb, values: readonly unknown[]) => Promise<unknown[]>;
}

/** Every statement is built and named once per shape; PostgreSQL prepares each once per connection. */
function statementFor(
  statements: Map<string, BuiltStatement>,
  name: string,
  build: () => { text: string; parameterOrder: ValueKey[] },
): BuiltStatement {
  let statement = statements.get(name);
  if (!statement) {
    const built = build();
    statement = { ...built, run: preparedStatement<unknown>(name, built.text) };
    statements.set(name, statement);
  }
  return statement;
}

const countStatements = new Map<string, BuiltStatement>();
const pageStatements = perPopularity(() => new Map<string, BuiltStatement>());

const shapeKey = (shape: SearchShape) =>
  `${+shape.name}${+shape.owners}${+shape.labels}${+shape.minRating}${+shape.maxPrice}`;

function valuesOf(search: PlanSearch, now: Date, limit: number, offset: number): StatementValues {
  return {
    now: now.toISOString(),
    name: search.name ? escapeLikePattern(search.name) : null,
    owners: listParameter(search.ownerDiscordIds),
    labels: listParameter(search.labelIds),
    minRating: search.minRating ?? null,
    maxPrice: search.maxPrice ?? null,
    limit,
    offset,
  };
}

/**
 * Where a page is read from. With the total known, a page in the second half is read backwards
 * from the end: the rows skipped are never more than half the list.
 */
export function pageWindow(paging: PlanPaging, total: number | null) {
  const offset = paging.page * paging.size;
  if (total === null || offset < total / 2) return { reversed: false, limit: paging.size, offset };
  const end = Math.min(total, offset + paging.size);
  return { reversed: true, limit: Math.max(0, end - offset), offset: Math.max(0, total - end) };
}

/** One shop page's statement and values, as it runs (tests EXPLAIN exactly this). */
export function listedPlansPageStatement(
  search: PlanSearch,
  paging: PlanPaging,
  now: Date,
  total: number | null,
  activeCounts: ActiveSubscriptionCountsSql,
) {
  const shape = shapeOf(search);
  const window = pageWindow(paging, total);
  const { key, order } = paging.sort;
  const statement = statementFor(
    pageStatements(activeCounts),
    `shop_page_${shapeKey(shape)}_${key}_${order}_${window.reversed ? 'r' : 'f'}`,
    () => pageText(shape, key, order, window.reversed, activeCounts),
  );
  const values = valuesOf(search, now, window.limit, window.offset);
  return { statement, values: statement.parameterOrder.map((key) => values[key]), limit: window.limit };
}

export async function findListedPlansPage(
  db: HandedDb,
  search: PlanSearch,
  paging: PlanPaging,
  now: Date,
  total: number | null,
  activeCounts: ActiveSubscriptionCountsSql,
): Promise<ShopPlanRow[]> {
  const { statement, values, limit } = listedPlansPageStatement(search, paging, now, total, activeCounts);
  if (limit === 0) return [];
  return (await statement.run(db, values)) as ShopPlanRow[];
}

export function listedPlansCountStatement(search: PlanSearch) {
  const shape = shapeOf(search);
  const statement = statementFor(countStatements, `shop_count_${shapeKey(shape)}`, () => countText(shape));
  const values = valuesOf(search, new Date(0), 0, 0);
  return { statement, values: statement.parameterOrder.map((key) => values[key]) };
}

export async function countListedPlans(db: HandedDb, search: PlanSearch): Promise<number> {
  const { statement, values } = listedPlansCountStatement(search);
  const [row] = (await statement.run(db, values)) as { total: number }[];
  return row?.total ?? 0;
}

/** Owners of at least one plan on sale: the shop's developer filter. */
export function findListedPlanOwners(db: HandedDb) {
  return db
    .select({
      id: userProfiles.id,
      discordId: userProfiles.discordId,
      username: userProfiles.username,
      displayName: userProfiles.displayName,
    })
    .from(userProfiles)
    .where(sql`${userProfiles.id} in (select ${plans.ownerId} from ${plans} where ${plans.onSale})`)
    .orderBy(asc(userProfiles.id));
}

/** A plan on sale as the sitemap lists it: its page and when the plan or one of its prices last changed. */
export interface PlanOnSaleEntry {
  id: number;
  updatedAt: Date;
}

/** How many plans are on sale and when the latest of them changed (null: none on sale). */
export async function summarizePlansOnSale(
  db: HandedDb,
): Promise<{ total: number; lastModified: Date | null }> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int`, lastModified: sql<Date | null>`max(${plans.updatedAt})` })
    .from(plans)
    .where(sql`${plans.onSale}`);
  const lastModified = row?.lastModified ?? null;
  return {
    total: row?.total ?? 0,
    // node-postgres answers a Date, PGlite may answer the text of an aggregate over timestamptz.
    lastModified: lastModified === null ? null : new Date(lastModified),
  };
}

/** The id of the plan on sale at `position` (0 first) in id order, read from plans_listed_id_idx. */
export async function findPlanOnSaleIdAt(db: HandedDb, position: number): Promise<number | null> {
  const [row] = await db
    .select({ id: plans.id })
    .from(plans)
    .where(sql`${plans.onSale}`)
    .orderBy(asc(plans.id))
    .offset(position)
    .limit(1);
  return row?.id ?? null;
}

/** Up to `limit` plans on sale after `afterId`, in id order (one keyset page of the sitemap). */
export async function findPlansOnSaleAfter(
  db: HandedDb,
  afterId: number,
  limit: number,
): Promise<PlanOnSaleEntry[]> {
  const rows = await db
    .select({ id: plans.id, updatedAt: plans.updatedAt })
    .from(plans)
    .where(sql`${plans.onSale} and ${plans.id} > ${afterId}`)
    .orderBy(asc(plans.id))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, updatedAt: new Date(row.updatedAt) }));
}
