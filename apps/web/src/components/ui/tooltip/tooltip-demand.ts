import { useEffect, useSyncExternalStore } from 'react';

/**
 * Tracks whether any tooltip anchor is on screen, so the tooltip library is only downloaded for
 * pages that use tooltips (the landing page has none).
 */
let anchorCount = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setAnchorCount(next: number) {
  anchorCount = next;
  for (const listener of listeners) listener();
}

export function useRegisterTooltipAnchor(): void {
  useEffect(() => {
    setAnchorCount(anchorCount + 1);
    return () => setAnchorCount(anchorCount - 1);
  }, []);
}

export function useTooltipsInUse(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => anchorCount > 0,
    () => false,
  );
}
