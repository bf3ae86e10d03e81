import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../lib/toast/notify.ts';

/** What a saved change made stale: the query keys to read again, or a refresh of its own (e.g. refreshDeveloperData). */
export type StaleQueries = readonly QueryKey[] | ((queryClient: QueryClient) => Promise<unknown>);

interface ActionMutationOptions<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /**
   * The success toast: a fixed message, or one made from the answer and what was sent; none where
   * the page itself shows the change.
   */
  success?: string | ((data: TData, variables: TVariables) => string);
  refresh: StaleQueries;
  /** Runs after the toast and before the refresh (e.g. leaving the page of what was deleted before it is read again). */
  onDone?: (data: TData, variables: TVariables) => void;
}

/** Reads again what a change made stale; resolves once every read is done. */
export function refreshStale(queryClient: QueryClient, refresh: StaleQueries): Promise<unknown> {
  if (typeof refresh === 'function') return refresh(queryClient);
  return Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * A user's action against the API: on success it toasts (when given a message) and reads again what
 * it changed; the mutation settles once those reads are done. A failure needs nothing here: every
 * failed mutation goes through the app's action error policy (app/query-client.ts).
 */
export function useActionMutation<TData, TVariables = void>({
  mutationFn,
  success,
  refresh,
  onDone,
}: ActionMutationOptions<TData, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data: TData, variables: TVariables) => {
      const message = typeof success === 'function' ? success(data, variables) : success;
      if (message !== undefined) void notify.success(message);
      onDone?.(data, variables);
      return refreshStale(queryClient, refresh);
    },
  });
}
