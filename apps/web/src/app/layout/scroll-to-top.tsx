import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** A new page starts at the top; Back / Forward leave the browser's scroll position alone. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose.
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, navigationType]);
  return null;
}
