import { useCallback, useSyncExternalStore } from 'react';

function useMediaQueryWith<T>(query: string, serverValue: T): boolean | T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore<boolean | T>(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

/** Live result of a CSS media query (false on the server and while a server-rendered page hydrates). */
export function useMediaQuery(query: string): boolean {
  return useMediaQueryWith(query, false);
}

/**
 * Live result of a CSS media query, or null where it is not known: on the server and while a
 * server-rendered page hydrates. The caller then renders for every answer and lets CSS choose.
 */
export function useMediaQueryOrUnknown(query: string): boolean | null {
  return useMediaQueryWith(query, null);
}
