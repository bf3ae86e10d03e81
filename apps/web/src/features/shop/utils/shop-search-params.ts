import { PLAN_DEFAULT_PAGE_SIZE, PLAN_PAGE_SIZES } from '@ember/contracts/constants';
import { PLAN_LABELS } from '@ember/contracts/labels';
import type { PageAddresses } from '../../../components/ui/pagination/pagination.tsx';
import { paths, SHOP_CATEGORIES, type ShopCategory } from '../../../config/paths.ts';

export type PlanPageSize = (typeof PLAN_PAGE_SIZES)[number];

/** The shop's orders, each with what it asks the server for (`sort=key,order`). */
export const SHOP_SORTS = [
  { value: 'popular', label: 'Most popular', apiSort: 'popular,desc' },
  { value: 'newest', label: 'Newest', apiSort: 'createdAt,desc' },
  { value: 'price', label: 'Price: low to high', apiSort: 'price,asc' },
  { value: 'name', label: 'Name: A to Z', apiSort: 'name,asc' },
] as const;
export type ShopSort = (typeof SHOP_SORTS)[number]['value'];

export const apiSortOf = (sort: ShopSort): string =>
  SHOP_SORTS.find((option) => option.value === sort)?.apiSort ?? SHOP_SORTS[0].apiSort;

function sortOf(raw: string | null): ShopSort {
  return SHOP_SORTS.find((option) => option.value === raw)?.value ?? 'popular';
}

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
  sort: ShopSort;
  page: number;
  size: PlanPageSize;
}

export const DEFAULT_SHOP_FILTERS: ShopFilters = {
  name: '',
  labelIds: [],
  developers: [],
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
  return {
    name,
    labelIds,
    developers,
    sort: sortOf(params.get('sort')),
    page: pageOf(params.get('page')),
    size: pageSizeOf(params.get('size')),
  };
}

/** The query string of a shop state; defaults are left out so links stay short. */
export function toShopSearch(filters: ShopFilters): URLSearchParams {
  const params = new URLSearchParams();
  const name = filters.name.trim();
  if (name) params.set('name', name);
  if (filters.labelIds.length > 0)
    params.set('labels', [...filters.labelIds].sort((a, b) => a - b).join(','));
  if (filters.developers.length > 0) params.set('developers', [...filters.developers].sort().join(','));
  if (filters.sort !== DEFAULT_SHOP_FILTERS.sort) params.set('sort', filters.sort);
  if (filters.page > 0) params.set('page', String(filters.page));
  if (filters.size !== DEFAULT_SHOP_FILTERS.size) params.set('size', String(filters.size));
  return params;
}

/** The address of a shop state: `/shop`, or `/shop?…` with what differs from the defaults. */
export function shopHref(filters: ShopFilters): string {
  const search = toShopSearch(filters).toString();
  return search ? `${paths.shop.getHref()}?${search}` : paths.shop.getHref();
}

/**
 * The pager's addresses (issue 26, item 13): page N of this state, and the page-size form, which
 * carries every other parameter along and starts again at the first page.
 */
export function shopPageAddresses(filters: ShopFilters): PageAddresses {
  const carried = toShopSearch({ ...filters, page: 0 });
  carried.delete('size');
  return {
    pageHref: (page) => shopHref({ ...filters, page }),
    sizeAction: paths.shop.getHref(),
    sizeCarried: [...carried.entries()],
  };
}

/** `?filters=open`: what the shop's Filters button submits before the app's code runs. */
export function filtersPanelRequested(search: string): boolean {
  return new URLSearchParams(search).get('filters') === 'open';
}

/** True when the search text or any checkbox narrows the list. */
export function hasActiveFilters(filters: ShopFilters): boolean {
  return filters.name !== '' || filters.labelIds.length > 0 || filters.developers.length > 0;
}

/** Checks or unchecks `value` in a filter list. */
export function toggleValue<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((item) => item !== value) : [...values, value];
}
