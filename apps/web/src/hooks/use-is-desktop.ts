import { DESKTOP_BREAKPOINT_PX } from '@ember/contracts/constants';
import { useMediaQuery } from './use-media-query.ts';

/** Window at least 890 px wide: the desktop navigation bar applies. */
export function useIsDesktop(): boolean {
  return useMediaQuery(`(min-width: ${DESKTOP_BREAKPOINT_PX}px)`);
}
