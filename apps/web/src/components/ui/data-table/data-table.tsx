import { TABLE_DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from '@ember/contracts/constants';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useMediaQuery } from '../../../hooks/use-media-query.ts';
import { keepCentred } from '../../../lib/dom/keep-centred.ts';
import { ChevronDownIcon } from '../../icons/icons.tsx';
import { visuallyHiddenClass } from '../../visually-hidden/visually-hidden.tsx';
import { Pagination } from '../pagination/pagination.tsx';
import { Select } from '../select/select.tsx';
import skeleton from '../skeleton/skeleton.module.css';
import styles from './data-table.module.css';
import { type DataTableSort, nextSort, type SortDirection, type SortValue, sortRows } from './sort-rows.ts';

/** Matches the stacked layout's breakpoint in data-table.module.css. */
const STACKED_QUERY = '(max-width: 640px)';

export type { DataTableSort, SortDirection } from './sort-rows.ts';

export interface DataTableColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Sorts in the browser by this value (the table holds every row). Makes the column sortable. */
  sortValue?: (row: T) => SortValue;
  /** The server sorts (controlled `sort`): the header is a sort button. */
  sortable?: boolean;
  /** Direction of the first click, e.g. 'desc' for dates (newest first). */
  firstSortDirection?: SortDirection;
  align?: 'start' | 'end';
  /** The cell names the row (rendered as a row header, and as the card title when stacked). */
  rowHeader?: boolean;
  /** Stacked layout: no field label in front of the value (e.g. the actions). */
  hideLabelWhenStacked?: boolean;
}

/** Paging done by the server: the table shows the page it is given and asks for others. */
export interface ServerPaging {
  /** From 0. */
  page: number;
  totalPages: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}

export interface DataTableProps<T> {
  /** Accessible name of the table, e.g. 'Subscriptions'. */
  label: string;
  columns: readonly DataTableColumn<T>[];
  /** undefined while the first load runs. */
  rows: readonly T[] | undefined;
  getRowKey: (row: T) => string | number;
  /** Loading rows when there is nothing to show yet; a busy table otherwise (e.g. the next page). */
  loading?: boolean;
  /** Shown instead of rows when there are none. */
  empty: ReactNode;
  /** Browser-side sorting: the starting sort. */
  defaultSort?: DataTableSort;
  /** Server-side sorting: the current sort (controlled) and the request for another. */
  sort?: DataTableSort;
  onSortChange?: (sort: DataTableSort) => void;
  /** Server-side paging; without it the table pages through `rows` itself. */
  paging?: ServerPaging;
  pageSizeOptions?: readonly number[];
  defaultPageSize?: number;
  /** Below 640 px rows become cards (default). Off for narrow tables that fit a phone as they are. */
  stackOnMobile?: boolean;
  /** Every row on one page, no pager (short lists the spec shows whole, e.g. discount codes). */
  singlePage?: boolean;
  /**
   * The row to land on (e.g. the order just placed): the table opens on its page, marks it
   * (aria-current), scrolls it into view and focuses it, once per key.
   */
  highlightRowKey?: string | number;
}

const LOADING_ROWS = 3;

function SortMark({ direction }: { direction: SortDirection | null }) {
  return (
    <span className={`${styles.sortMark} ${direction ? styles.sortActive : ''}`} aria-hidden="true">
      <ChevronDownIcon size={14} className={direction === 'asc' ? styles.flipUp : undefined} />
    </span>
  );
}

/**
 * The one table of the app: sortable headers, previous / next paging with a page-size select
 * (5 / 10 / 25 / 50 / 100, default 10), an empty state and loading rows. It pages and sorts in the
 * browser, or leaves both to the server (`paging`, `sort`). Below 640 px every row becomes a card
 * of labelled fields.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  getRowKey,
  loading = false,
  empty,
  defaultSort,
  sort: controlledSort,
  onSortChange,
  paging,
  pageSizeOptions = TABLE_PAGE_SIZES,
  defaultPageSize = TABLE_DEFAULT_PAGE_SIZE,
  stackOnMobile = true,
  singlePage = false,
  highlightRowKey,
}: DataTableProps<T>) {
  const sortSelectId = useId();
  const [ownSort, setOwnSort] = useState<DataTableSort | null>(defaultSort ?? null);
  const [ownPage, setOwnPage] = useState(0);
  const [ownPageSize, setOwnPageSize] = useState(defaultPageSize);

  const serverSorted = controlledSort !== undefined;
  const sort = serverSorted ? controlledSort : ownSort;
  const sortableColumns = columns.filter((column) => (serverSorted ? column.sortable : column.sortValue));

  function changeSort(next: DataTableSort) {
    if (serverSorted) {
      onSortChange?.(next);
    } else {
      setOwnSort(next);
      setOwnPage(0);
    }
  }

  // Rows of the page on screen.
  let visible: readonly T[] = rows ?? [];
  let page = paging?.page ?? ownPage;
  let totalPages = paging?.totalPages ?? 1;
  const pageSize = paging?.pageSize ?? (singlePage ? Math.max(rows?.length ?? 0, 1) : ownPageSize);
  if (!paging && rows) {
    const sortColumn = columns.find((column) => column.id === sort?.columnId);
    const sorted =
      sort && sortColumn?.sortValue && !serverSorted
        ? sortRows(rows, sortColumn.sortValue, sort.direction)
        : rows;
    totalPages = Math.ceil(sorted.length / pageSize);
    page = Math.min(ownPage, Math.max(totalPages - 1, 0));
    visible = sorted.slice(page * pageSize, (page + 1) * pageSize);
  }
  const lastPage = Math.max(totalPages, 1) - 1;

  const goTo = (target: number) => {
    const clamped = Math.min(Math.max(target, 0), lastPage);
    if (paging) paging.onPageChange(clamped);
    else setOwnPage(clamped);
  };
  const changePageSize = (size: number) => {
    if (paging) paging.onPageSizeChange(size);
    else {
      setOwnPageSize(size);
      setOwnPage(0);
    }
  };

  // Land on the highlighted row once: its page first (browser paging), then scroll and focus.
  const landedOn = useRef<string | number | undefined>(undefined);
  const highlightedRow = useRef<HTMLTableRowElement | null>(null);
  const highlightIndex =
    highlightRowKey === undefined || paging || !rows
      ? -1
      : (() => {
          const sortColumn = columns.find((column) => column.id === sort?.columnId);
          const sorted =
            sort && sortColumn?.sortValue && !serverSorted
              ? sortRows(rows, sortColumn.sortValue, sort.direction)
              : rows;
          return sorted.findIndex((row) => getRowKey(row) === highlightRowKey);
        })();
  const highlightPage = highlightIndex < 0 ? -1 : Math.floor(highlightIndex / pageSize);
  const landed = landedOn.current === highlightRowKey;
  if (!landed && highlightPage >= 0 && highlightPage !== ownPage) setOwnPage(highlightPage);
  const stopCentring = useRef<(() => void) | null>(null);
  useEffect(() => {
    const row = highlightedRow.current;
    if (!row || landedOn.current === highlightRowKey) return;
    landedOn.current = highlightRowKey;
    stopCentring.current?.();
    stopCentring.current = keepCentred(row);
    row.focus({ preventScroll: true });
  });
  useEffect(() => () => stopCentring.current?.(), []);

  // Stacked rows label their own cells, so the header row is only for screen readers.
  const stacked = useMediaQuery(STACKED_QUERY) && stackOnMobile;
  const firstLoad = rows === undefined;
  const smallestSize = Math.min(...pageSizeOptions);
  // A list that fits on the smallest page needs no pager.
  const showPager =
    !singlePage && !firstLoad && (totalPages > 1 || page > 0 || visible.length > smallestSize);
  const showSortSelect = stackOnMobile && sortableColumns.length > 0 && !firstLoad && visible.length > 1;

  return (
    <div className={`${styles.wrapper} ${stackOnMobile ? styles.stacking : ''}`}>
      {showSortSelect ? (
        <div className={styles.stackedSort}>
          <label htmlFor={sortSelectId}>Sort by</label>
          <Select
            id={sortSelectId}
            className={styles.sortSelect}
            value={sort ? `${sort.columnId}:${sort.direction}` : ''}
            onChange={(event) => {
              const [columnId = '', direction] = event.target.value.split(':');
              if (columnId) changeSort({ columnId, direction: direction === 'desc' ? 'desc' : 'asc' });
            }}
          >
            {sort ? null : <option value="">Default order</option>}
            {sortableColumns.flatMap((column) => [
              <option key={`${column.id}:asc`} value={`${column.id}:asc`}>
                {column.header} (ascending)
              </option>,
              <option key={`${column.id}:desc`} value={`${column.id}:desc`}>
                {column.header} (descending)
              </option>,
            ])}
          </Select>
        </div>
      ) : null}

      <div className={styles.scroll}>
        <table
          className={`${styles.table} ${loading && !firstLoad ? styles.busy : ''}`}
          aria-label={label}
          aria-busy={loading || undefined}
        >
          <thead className={stacked ? visuallyHiddenClass : undefined}>
            <tr>
              {columns.map((column) => {
                const sortable = serverSorted ? column.sortable : Boolean(column.sortValue);
                const direction = sort?.columnId === column.id ? sort.direction : null;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    className={column.align === 'end' ? styles.end : undefined}
                    aria-sort={
                      sortable
                        ? direction === 'asc'
                          ? 'ascending'
                          : direction === 'desc'
                            ? 'descending'
                            : 'none'
                        : undefined
                    }
                  >
                    {sortable ? (
                      <button
                        type="button"
                        className={styles.sortButton}
                        onClick={() => changeSort(nextSort(sort, column.id, column.firstSortDirection))}
                      >
                        {column.header}
                        <SortMark direction={direction} />
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {firstLoad && loading
              ? Array.from({ length: LOADING_ROWS }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
                  <tr key={index} className={styles.loadingRow} data-testid="loading-row">
                    {columns.map((column) => (
                      <td key={column.id} data-label={column.header} className={styles.cell}>
                        <span className={`${skeleton.bar} ${styles.skeleton}`} />
                      </td>
                    ))}
                  </tr>
                ))
              : null}
            {!firstLoad && visible.length === 0 ? (
              <tr className={styles.emptyRow}>
                <td colSpan={columns.length} className={styles.empty}>
                  {empty}
                </td>
              </tr>
            ) : null}
            {visible.map((row) => {
              const highlighted = highlightRowKey !== undefined && getRowKey(row) === highlightRowKey;
              return (
                <tr
                  key={getRowKey(row)}
                  {...(highlighted
                    ? {
                        ref: highlightedRow,
                        tabIndex: -1,
                        'aria-current': true,
                        className: styles.highlighted,
                        'data-highlighted': 'true',
                      }
                    : {})}
                >
                  {columns.map((column) => {
                    const classes = [
                      styles.cell,
                      column.align === 'end' ? styles.end : '',
                      column.rowHeader ? styles.rowHeader : '',
                      column.hideLabelWhenStacked ? styles.noLabel : '',
                    ]
                      .filter(Boolean)
                      .join(' ');
                    return column.rowHeader ? (
                      <th key={column.id} scope="row" className={classes} data-label={column.header}>
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.id} className={classes} data-label={column.header}>
                        {column.cell(row)}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      {showPager ? (
        <Pagination
          label={`${label} pages`}
          className={styles.pager}
          page={page}
          totalPages={totalPages}
          pageSize={pageSize}
          pageSizeOptions={pageSizeOptions}
          pageSizeLabel="Rows per page"
          onPage={goTo}
          onPageSize={changePageSize}
        />
      ) : null}
    </div>
  );
}
