import { useSyncExternalStore } from 'react';

/**
 * Whether any toast has been requested yet. The toast library is downloaded on the first request;
 * react-toastify queues toasts raised before its container mounts.
 */
let requested = false;
const listeners = new Set<() => void>();

export function markToastsRequested(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToastsRequested(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
}
