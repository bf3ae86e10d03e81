import { DESKTOP_BREAKPOINT_PX } from '@ember/contracts/constants';
import { useMediaQueryOrUnknown } from './use-media-query.ts';

/**
 * Window at least 890 px wide: the desktop navigation bar applies. Null on the server and while a
 * server-rendered page hydrates (the width is not known there).
 */
export function useIsDesktop(): boolean | null {
  return useMediaQueryOrUnknown(`(min-width: ${DESKTOP_BREAKPOINT_PX}px)`);
}
