import { lazy, Suspense } from 'react';
import { useToastsRequested } from '../../../lib/toast/toast-demand.ts';

const Toaster = lazy(() => import('./toaster.tsx'));

/** Mounted once by the app; downloads the toast container with the first notify call. */
export function LazyToaster() {
  const requested = useToastsRequested();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
