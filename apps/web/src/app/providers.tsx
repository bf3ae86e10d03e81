import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LazyToaster } from '../components/ui/toast/lazy-toaster.tsx';
import { LazyTooltipHost } from '../components/ui/tooltip/lazy-tooltip-host.tsx';

/** App-wide context outside the router: server-state cache, toasts and the shared tooltip. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <LazyToaster />
      <LazyTooltipHost />
    </QueryClientProvider>
  );
}
