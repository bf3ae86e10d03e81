import { MutationCache, QueryClient } from '@tanstack/react-query';
import { notify } from '../components/ui/toast/notify.ts';

/**
 * Server state cache. A failed mutation shows its message as a toast (spec §8) unless the mutation
 * sets `meta: { silentError: true }` and handles the error itself.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.silentError) return;
        void notify.error(error.message);
      },
    }),
  });
}
