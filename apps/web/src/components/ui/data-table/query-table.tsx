import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { LoadError } from '../load-error/load-error.tsx';
import { DataTable, type DataTableProps } from './data-table.tsx';
import { type PageParams, type SortKeyOf, serverPaging, serverSort } from './server-table.ts';

/** A page of a list the server pages. */
interface RowPage<T> {
  content: readonly T[];
  totalPages: number;
}

/** What the table reads of a TanStack query (any `useQuery` result fits). */
interface TableQuery<D> {
  data: D | undefined;
  isError: boolean;
  isPending: boolean;
  isPlaceholderData: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

type TableProps<T> = Omit<DataTableProps<T>, 'rows' | 'loading' | 'paging'>;

type QueryState = {
  /** Busy on every read, not only the first and a new page's (lists that refresh themselves). */
  busyWhileFetching?: boolean;
} & (
  | {
      /** What could not be loaded, for the error state: 'We could not load {what}.' and Retry. */
      what: string;
      failure?: undefined;
    }
  | {
      /** Instead of that error state (a page that shows the server's own message). */
      failure: ReactNode;
      what?: undefined;
    }
);

/** Every row in one answer: the table pages and sorts them itself. */
type ListProps<T> = TableProps<T> &
  QueryState & { query: TableQuery<readonly T[]>; params?: never; setParams?: never; sortKeys?: never };

/** One page per answer: `params` asks for the page (and, with `sortKeys`, the sort) the table shows. */
type PagedProps<T, P extends PageParams> = TableProps<T> &
  QueryState & {
    query: TableQuery<RowPage<T>>;
    params: P;
    setParams: Dispatch<SetStateAction<P>>;
    /** The contract's sort keys: a column with one of these ids sorts on the server. */
    sortKeys?: readonly SortKeyOf<P>[];
  };

/**
 * A table that reads itself: loading rows on the first read, 'We could not load …' with Retry when
 * the read fails and nothing is shown yet, otherwise the rows; a list the server pages is paged
 * (and sorted) through `params`.
 */
export function QueryTable<T, P extends PageParams>(props: ListProps<T> | PagedProps<T, P>) {
  const { query, what, failure, busyWhileFetching = false, params, setParams, sortKeys, ...table } = props;
  if (query.isError && !query.data) {
    return (
      failure ?? (
        <LoadError what={what ?? ''} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      )
    );
  }
  const loading = query.isPending || query.isPlaceholderData || (busyWhileFetching && query.isFetching);
  if (params === undefined || setParams === undefined) {
    return <DataTable {...table} rows={(query as TableQuery<readonly T[]>).data} loading={loading} />;
  }
  const page = (query as TableQuery<RowPage<T>>).data;
  return (
    <DataTable
      {...table}
      {...(sortKeys ? serverSort(params, setParams, sortKeys) : {})}
      rows={page?.content}
      loading={loading}
      paging={serverPaging(params, setParams, page?.totalPages)}
    />
  );
}
