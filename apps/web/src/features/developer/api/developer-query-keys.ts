import type { QueryClient } from '@tanstack/react-query';
import { SUBSCRIPTIONS_QUERY_KEY } from '../../../lib/shared-query-keys.ts';

/** Every cached read of the developer workspace starts with this key. */
export const DEVELOPER_QUERY_KEY = ['developer'] as const;
export const SUB_COUNTS_QUERY_KEY = ['sub-counts'] as const;

/**
 * After any change in the workspace: its own reads, the slot counts and the subscription lists.
 * The pages hold a handful of small reads, so refreshing them all is cheaper than tracking which.
 */
export function refreshDeveloperData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: DEVELOPER_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: SUB_COUNTS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_QUERY_KEY }),
  ]);
}
