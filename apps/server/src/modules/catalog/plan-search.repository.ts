import type { LabelResponse, PlanSortKey } from '@ember/contracts/catalog';
import type { Sort } from '@ember/contracts/paging';
import { listParameter, preparedStatement } from '@ember/db/prepared';
import { escapeLikePattern } from '../../lib/like-pattern.ts';
import type { ActiveSubscriptionCountsSql } from './catalog-ports.ts';
import type { HandedDb } from './db.ts';
import {
  BAYESIAN_RATING,
  CARD_COLUMNS,
  NO_PRICE,
  ON_SALE,
  PROFILE,
  PROFILES,
  PROMO_PRICE,
  perPopularity,
} from './plan-sql.ts';
import type { PlanRow } from './plans.repository.ts';

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
export interface ShopPlanRow extends PlanRow {
  labels: LabelResponse[];
  promoDiscount: number;
  promoExtraDays: number;
  fromPrice: number | null;
}

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
