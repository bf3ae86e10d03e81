import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseShopSearch, type ShopFilters, toShopSearch } from '../utils/shop-search-params.ts';

interface UpdateOptions {
  /** Replace the history entry instead of adding one (typing in the search box). */
  replace?: boolean;
}

/**
 * The shop state, read from and written to the URL. Changing a filter or the page size goes back to
 * the first page; only `setPage` keeps the filters and moves.
 */
export function useShopFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseShopSearch(searchParams), [searchParams]);

  const write = useCallback(
    (next: ShopFilters, { replace = false }: UpdateOptions = {}) => {
      setSearchParams(toShopSearch(next), { replace, preventScrollReset: true });
    },
    [setSearchParams],
  );

  const setFilters = useCallback(
    (change: Partial<Omit<ShopFilters, 'page'>>, options?: UpdateOptions) =>
      write({ ...filters, ...change, page: 0 }, options),
    [filters, write],
  );

  const setPage = useCallback(
    (page: number, options?: UpdateOptions) => write({ ...filters, page }, options),
    [filters, write],
  );

  const clearFilters = useCallback(
    () =>
      write({ ...filters, name: '', labelIds: [], developers: [], minRating: null, price: null, page: 0 }),
    [filters, write],
  );

  return { filters, setFilters, setPage, clearFilters };
}
