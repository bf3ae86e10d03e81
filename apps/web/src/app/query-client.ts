import { MutationCache, QueryClient } from '@tanstack/react-query';
import { hasAccessToken } from '../lib/api-client.ts';
import { reportActionError } from './report-action-error.ts';

export interface QueryClientOptions {
  /** Client-side navigation, for the error policy (a 403 sends the user to /). */
  goTo: (path: string) => void;
}

/**
 * Server state cache. A failed mutation goes through the action error policy (reportActionError)
 * unless the mutation sets `meta: { silentError: true }` and handles the error itself. 401s are
 * dealt with by the API client (renew the session once, else end it).
 */
export function createQueryClient({ goTo }: QueryClientOptions): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.silentError) return;
        reportActionError(error, goTo, { signedIn: hasAccessToken() });
      },
    }),
  });
}
