import { useEffect, useRef } from 'react';

/**
 * Runs `step` once per mounted page. React StrictMode runs effects twice in development; a sign-in
 * step must not (an authorization code can be exchanged only once).
 */
export function useRunOnce(step: () => void): void {
  const latest = useRef(step);
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    latest.current();
  }, []);
}
