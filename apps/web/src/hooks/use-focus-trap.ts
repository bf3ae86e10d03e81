import { type RefObject, useEffect, useRef } from 'react';
import { makeInertOutside } from '../lib/dom/make-inert-outside.ts';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/**
 * A modal's focus handling. While active: moves focus into the container, keeps Tab / Shift+Tab
 * inside it, makes the rest of the page inert (except `alsoKeep`, e.g. the dialog's own backdrop),
 * calls `onEscape` on Escape, and gives focus back to whatever had it before once inactive.
 */
export function useFocusTrap(
  containerRef: RefObject<HTMLElement | null>,
  active: boolean,
  onEscape?: () => void,
  alsoKeep?: RefObject<HTMLElement | null>,
): void {
  const onEscapeRef = useRef(onEscape);
  useEffect(() => {
    onEscapeRef.current = onEscape;
  }, [onEscape]);

  useEffect(() => {
    const container = containerRef.current;
    if (!active || !container) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const autoFocus = container.querySelector<HTMLElement>('[data-autofocus]');
    (autoFocus ?? focusableIn(container)[0] ?? container).focus();
    // After focus moved in: making the focused element's ancestors inert first would drop focus.
    const undoInert = makeInertOutside(alsoKeep?.current ? [container, alsoKeep.current] : [container]);

    function onKeyDown(event: KeyboardEvent) {
      if (!container) return;
      if (event.key === 'Escape' && onEscapeRef.current) {
        event.stopPropagation();
        onEscapeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(container);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      if (event.shiftKey && (document.activeElement === first || document.activeElement === container)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }

    container.addEventListener('keydown', onKeyDown);
    return () => {
      container.removeEventListener('keydown', onKeyDown);
      undoInert();
      previouslyFocused?.focus();
    };
  }, [containerRef, active, alsoKeep]);
}
