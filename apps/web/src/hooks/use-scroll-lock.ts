import { useEffect } from 'react';

let lockCount = 0;

/** Stops the page behind an overlay from scrolling while `locked` is true (nesting-safe). */
export function useScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    lockCount += 1;
    document.body.dataset.scrollLocked = '';
    return () => {
      lockCount -= 1;
      if (lockCount === 0) delete document.body.dataset.scrollLocked;
    };
  }, [locked]);
}
