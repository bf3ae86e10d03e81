import { PLAN_DEFAULT_PAGE_SIZE, PLAN_PAGE_SIZES } from './constants.ts';
import { PLAN_LABELS } from './labels.ts';

// The shop list's state as its address carries it (`/shop?name=&labels=&developers=&sort=&page=&size=`)
// and the API read it makes. Read by the web's shop page and by the server, which gathers a rendered
// shop page's plans itself (page-reads.ts): both must read one address the same way.

/** The nav's shop categories (`?category=`): each is a search text. */
export const SHOP_CATEGORIES = ['free', 'helper', 'bundle'] as const;
export type ShopCategory = (typeof SHOP_CATEGORIES)[number];

export type PlanPageSize = (typeof PLAN_PAGE_SIZES)[number];

/** The shop's orders, each with what it asks the server for (`sort=key,order`). */
export const SHOP_SORTS = [
  { value: 'popular', label: 'Most popular', apiSort: 'popular,desc' },
  { value: 'newest', label: 'Newest', apiSort: 'createdAt,desc' },
  { value: 'rating', label: 'Top rated', apiSort: 'rating,desc' },
  { value: 'price', label: 'Price: low to high', apiSort: 'price,asc' },
  { value: 'name', label: 'Name: A to Z', apiSort: 'name,asc' },
] as const;
export type ShopSort = (typeof SHOP_SORTS)[number]['value'];

const apiSortOf = (sort: ShopSort): string =>
  SHOP_SORTS.find((option) => option.value === sort)?.apiSort ?? SHOP_SORTS[0].apiSort;

function sortOf(raw: string | null): ShopSort {
  return SHOP_SORTS.find((option) => option.value === raw)?.value ?? 'popular';
}

/**
 * The shop's price filter (issue 35): the highest listed price after promo, in credits (one credit
 * is one euro cent, as the store sells them). `?price=free|under5|under10|under20`.
 */
export const SHOP_PRICE_BANDS = [
  { value: 'free', label: 'Free', maxPrice: 0 },
  { value: 'under5', label: 'Under €5', maxPrice: 499 },
  { value: 'under10', label: 'Under €10', maxPrice: 999 },
  { value: 'under20', label: 'Under €20', maxPrice: 1999 },
] as const;
export type ShopPriceBand = (typeof SHOP_PRICE_BANDS)[number]['value'];

/** The shop's minimum-rating filter: `?rating=4` shows plans averaging 4 stars and up. */
export const SHOP_MIN_RATINGS = [4, 3, 2] as const;

/**
 * The state of the shop list, all of it in the URL so a shared link reproduces the view:
 * `?name=&labels=1,2&developers=<discord ids>&sort=&page=&size=`. Pages are numbered from 0.
 */
export interface ShopFilters {
  /** Search text (part of the plan name). */
  name: string;
  labelIds: number[];
  /** Chat-platform ids of the developers. */
  developers: string[];
  /** Lowest average of stars (issue 35); null: any. */
  minRating: number | null;
  price: ShopPriceBand | null;
  sort: ShopSort;
  page: number;
  size: PlanPageSize;
}

export const DEFAULT_SHOP_FILTERS: ShopFilters = {
  name: '',
  labelIds: [],
  developers: [],
  minRating: null,
  price: null,
  sort: 'popular',
  page: 0,
  size: PLAN_DEFAULT_PAGE_SIZE,
};

const SEARCH_MAX_LENGTH = 100;
const KNOWN_LABEL_IDS = new Set<number>(PLAN_LABELS.map((label) => label.id));
const DISCORD_ID = /^[0-9]{1,20}$/;

function isCategory(value: string | null): value is ShopCategory {
  return SHOP_CATEGORIES.some((category) => category === value);
}

function listParam(params: URLSearchParams, key: string): string[] {
  return params
    .getAll(key)
    .flatMap((value) => value.split(','))
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

const unique = <T>(values: T[]): T[] => [...new Set(values)];

function pageSizeOf(raw: string | null): PlanPageSize {
  const size = Number(raw);
  return PLAN_PAGE_SIZES.find((option) => option === size) ?? PLAN_DEFAULT_PAGE_SIZE;
}

function pageOf(raw: string | null): number {
  const page = Number(raw);
  return raw !== null && Number.isSafeInteger(page) && page >= 0 ? page : 0;
}

/**
 * Reads the shop state from the query string. Anything malformed falls back to its default, so a
 * hand-edited link still shows a sensible page. `?category=free|helper|bundle` (the nav's links)
 * sets the search text to that word (spec §2) unless a `name` is given too.
 */
export function parseShopSearch(params: URLSearchParams): ShopFilters {
  const category = params.get('category');
  const name = (params.get('name') ?? (isCategory(category) ? category : ''))
    .trim()
    .slice(0, SEARCH_MAX_LENGTH);
  const labelIds = unique(listParam(params, 'labels').map(Number))
    .filter((id) => KNOWN_LABEL_IDS.has(id))
    .sort((a, b) => a - b);
  const developers = unique(listParam(params, 'developers').filter((id) => DISCORD_ID.test(id))).sort();
  const rating = Number(params.get('rating'));
  const price = SHOP_PRICE_BANDS.find((band) => band.value === params.get('price'))?.value ?? null;
  return {
    name,
    labelIds,
    developers,
    minRating: SHOP_MIN_RATINGS.find((option) => option === rating) ?? null,
    price,
    sort: sortOf(params.get('sort')),
    page: pageOf(params.get('page')),
    size: pageSizeOf(params.get('size')),
  };
}

/**
 * The query of `GET shop /plans` for a shop state, as its URL carries it (the web sends exactly this;
 * the server parses it with `plansQuery`): `page`, `size` and `sort` always, the filters when set.
 */
export function plansRequestOf(filters: ShopFilters): Record<string, string> {
  const { name, labelIds, developers, sort, page, size, minRating, price } = filters;
  const maxPrice = SHOP_PRICE_BANDS.find((band) => band.value === price)?.maxPrice;
  return {
    page: String(page),
    size: String(size),
    sort: apiSortOf(sort),
    ...(name ? { name } : {}),
    ...(developers.length > 0 ? { discordIds: developers.join(',') } : {}),
    ...(labelIds.length > 0 ? { labelIds: labelIds.join(',') } : {}),
    ...(minRating !== null ? { minRating: String(minRating) } : {}),
    ...(maxPrice !== undefined ? { maxPrice: String(maxPrice) } : {}),
  };
}
