import { type DehydratedState, hydrate, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { LazyToaster } from '../components/ui/toast/lazy-toaster.tsx';
import { LazyTooltipHost } from '../components/ui/tooltip/lazy-tooltip-host.tsx';
import { createQueryClient } from './query-client.ts';

/**
 * App-wide context inside the router: the server-state cache (whose error policy can navigate),
 * toasts and the shared tooltip.
 */
export function Providers({
  children,
  dehydratedState,
}: {
  children: ReactNode;
  /** A server-rendered page's API answers: the cache starts with them, as the server's render did. */
  dehydratedState?: DehydratedState;
}) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const [queryClient] = useState(() => {
    const client = createQueryClient({ goTo: (path) => navigateRef.current(path) });
    if (dehydratedState) hydrate(client, dehydratedState);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <LazyToaster />
      <LazyTooltipHost />
    </QueryClientProvider>
  );
}
