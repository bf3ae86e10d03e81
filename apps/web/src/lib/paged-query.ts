import {
  type DefaultError,
  keepPreviousData,
  type QueryKey,
  queryOptions,
  type UseQueryOptions,
  useQuery,
} from '@tanstack/react-query';

/** The query options of a list read one page at a time: the page's key and how it is fetched, from the same params. */
export function pageQueryOptions<P, T, K extends QueryKey>(
  keyOf: (params: P) => K,
  fetchPage: (params: P) => Promise<T>,
) {
  return (params: P) => queryOptions({ queryKey: keyOf(params), queryFn: () => fetchPage(params) });
}

/** Reads one page of a list; the page on screen stays while the next one loads. */
export function usePagedQuery<T, K extends QueryKey>(options: UseQueryOptions<T, DefaultError, T, K>) {
  return useQuery({ ...options, placeholderData: keepPreviousData });
}
