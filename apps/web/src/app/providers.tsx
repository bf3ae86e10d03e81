import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { LazyToaster } from '../components/ui/toast/lazy-toaster.tsx';
import { LazyTooltipHost } from '../components/ui/tooltip/lazy-tooltip-host.tsx';
import { createQueryClient } from './query-client.ts';

/**
 * App-wide context inside the router: the server-state cache (whose error policy can navigate),
 * toasts and the shared tooltip.
 */
export function Providers({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const [queryClient] = useState(() => createQueryClient({ goTo: (path) => navigateRef.current(path) }));
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <LazyToaster />
      <LazyTooltipHost />
    </QueryClientProvider>
  );
}
