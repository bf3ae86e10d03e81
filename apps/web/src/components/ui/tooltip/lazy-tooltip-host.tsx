import { lazy, Suspense } from 'react';
import { useTooltipsInUse } from './tooltip-demand.ts';

const TooltipHost = lazy(() => import('./tooltip-host.tsx'));

/** Mounted once by the app; downloads the tooltip library the first time a tooltip anchor appears. */
export function LazyTooltipHost() {
  const inUse = useTooltipsInUse();
  if (!inUse) return null;
  return (
    <Suspense fallback={null}>
      <TooltipHost />
    </Suspense>
  );
}
