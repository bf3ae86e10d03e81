import { useSyncExternalStore } from 'react';

/**
 * Whether any toast has been requested yet. The toast library is downloaded on the first request;
 * toasts wait until its container has mounted (`whenToasterMounted`).
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

/**
 * Mounted toast containers. react-toastify's own queue for toasts raised before a container exists
 * hands them to the first container that subscribes; StrictMode (development) unmounts that one at
 * once and mounts a fresh, empty one, so the toast was lost. Toasts wait here instead.
 */
let mountedToasters = 0;
const waiting: (() => void)[] = [];

/** Called by the container when it mounts; returns the call for when it unmounts. */
export function markToasterMounted(): () => void {
  mountedToasters += 1;
  // Resolved promises continue after React has finished this commit, StrictMode's remount included.
  for (const resume of waiting.splice(0)) resume();
  return () => {
    mountedToasters -= 1;
  };
}

export function whenToasterMounted(): Promise<void> {
  if (mountedToasters > 0) return Promise.resolve();
  return new Promise((resolve) => {
    waiting.push(resolve);
  });
}
