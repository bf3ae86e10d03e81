import { Suspense } from 'react';
import { preloadableLazy } from '../../../lib/preloadable-lazy.ts';
import { useTooltipsInUse } from './tooltip-demand.ts';

const TooltipHost = preloadableLazy(() => import('./tooltip-host.tsx'));

/** Downloads the tooltip library now (a server-rendered page with tooltips, before it hydrates). */
export function preloadTooltipHost(): Promise<unknown> {
  return TooltipHost.preload();
}

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
