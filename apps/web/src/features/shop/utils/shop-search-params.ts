import { DEFAULT_SHOP_FILTERS, type ShopFilters } from '@ember/contracts/shop-search';
import type { PageAddresses } from '../../../components/ui/pagination/pagination.tsx';
import { paths } from '../../../config/paths.ts';

// How the shop state is read from an address lives in the contracts: the server reads a rendered
// shop page's address the same way (decision 0046). Here: the addresses the shop page writes.
export {
  DEFAULT_SHOP_FILTERS,
  parseShopSearch,
  SHOP_PRICE_BANDS,
  SHOP_SORTS,
  type ShopFilters,
  type ShopSort,
} from '@ember/contracts/shop-search';

/** The query string of a shop state; defaults are left out so links stay short. */
export function toShopSearch(filters: ShopFilters): URLSearchParams {
  const params = new URLSearchParams();
  const name = filters.name.trim();
  if (name) params.set('name', name);
  if (filters.labelIds.length > 0)
    params.set('labels', [...filters.labelIds].sort((a, b) => a - b).join(','));
  if (filters.developers.length > 0) params.set('developers', [...filters.developers].sort().join(','));
  if (filters.minRating !== null) params.set('rating', String(filters.minRating));
  if (filters.price !== null) params.set('price', filters.price);
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
  return (
    filters.name !== '' ||
    filters.labelIds.length > 0 ||
    filters.developers.length > 0 ||
    filters.minRating !== null ||
    filters.price !== null
  );
}

/** Checks or unchecks `value` in a filter list. */
export function toggleValue<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((item) => item !== value) : [...values, value];
}
