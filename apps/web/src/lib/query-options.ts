import {
  type DefaultError,
  keepPreviousData,
  type QueryKey,
  queryOptions,
  type UseQueryOptions,
  useQuery,
} from '@tanstack/react-query';

/** The query options of a read by its params: its key and how it is fetched, both from the same params. */
export function keyedQueryOptions<P, T, K extends QueryKey>(
  keyOf: (params: P) => K,
  fetchData: (params: P) => Promise<T>,
) {
  return (params: P) => queryOptions({ queryKey: keyOf(params), queryFn: () => fetchData(params) });
}

/** Reads one page of a list; the page on screen stays while the next one loads. */
export function usePagedQuery<T, K extends QueryKey>(options: UseQueryOptions<T, DefaultError, T, K>) {
  return useQuery({ ...options, placeholderData: keepPreviousData });
}
