import { TABLE_DEFAULT_PAGE_SIZE } from '@ember/contracts/constants';
import { type Dispatch, type SetStateAction, useCallback, useState } from 'react';
import type { DataTableProps, ServerPaging } from './data-table.tsx';
import type { SortDirection } from './sort-rows.ts';

/** The page (from 0) and page size of a list the server pages. */
export interface PageParams {
  page: number;
  size: number;
}

/** …and the sort of a list the server sorts too. */
interface SortedPageParams<K extends string> extends PageParams {
  sort: { key: K; order: SortDirection };
}

/** The sort keys of a list's params (never for a list the server does not sort). */
export type SortKeyOf<P> = P extends { sort: { key: infer K extends string } } ? K : never;

/** DataTable's `paging` for a list paged by the server from `params`; a new page size starts at page 0. */
export function serverPaging<P extends PageParams>(
  params: P,
  setParams: Dispatch<SetStateAction<P>>,
  totalPages: number | undefined,
): ServerPaging {
  return {
    page: params.page,
    totalPages: totalPages ?? 0,
    pageSize: params.size,
    onPageChange: (page) => setParams((current) => ({ ...current, page })),
    onPageSizeChange: (size) => setParams((current) => ({ ...current, size, page: 0 })),
  };
}

/**
 * DataTable's `sort` and `onSortChange` for a list sorted by the server from `params`: another sort
 * starts at page 0, and a column that is not one of the contract's `sortKeys` is not asked for.
 */
export function serverSort<P extends PageParams>(
  params: P,
  setParams: Dispatch<SetStateAction<P>>,
  sortKeys: readonly SortKeyOf<P>[],
): Pick<DataTableProps<unknown>, 'sort' | 'onSortChange'> {
  // SortKeyOf<P> is never unless P has a sort, so the keys given say P is sorted.
  const { sort } = params as P & SortedPageParams<SortKeyOf<P>>;
  return {
    sort: { columnId: sort.key, direction: sort.order },
    onSortChange: (next) => {
      const key = sortKeys.find((candidate) => candidate === next.columnId);
      if (key !== undefined) {
        setParams((current) => ({ ...current, page: 0, sort: { key, order: next.direction } }));
      }
    },
  };
}

/**
 * The params of a list the server pages, starting on its first page at the default page size;
 * `rest` gives the others (the sort, the filters …).
 */
export function usePageParams<P extends PageParams = PageParams>(
  rest: Omit<P, keyof PageParams>,
): [P, Dispatch<SetStateAction<P>>] {
  return useState<P>(() => ({ page: 0, size: TABLE_DEFAULT_PAGE_SIZE, ...rest }) as P);
}

/** A stable setter of one filter of the params that goes back to the first page (e.g. a search box's). */
export function usePageFilter<P extends PageParams, K extends keyof P>(
  setParams: Dispatch<SetStateAction<P>>,
  key: K,
): (value: P[K]) => void {
  return useCallback(
    (value: P[K]) => setParams((current) => ({ ...current, [key]: value, page: 0 })),
    [setParams, key],
  );
}
