import { useMediaQuery } from './use-media-query.ts';

/** The visitor asked the OS for less motion: no video, no animations. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
