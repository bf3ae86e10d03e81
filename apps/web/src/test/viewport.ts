import { act } from '@testing-library/react';

/** A window.matchMedia for jsdom that answers width and reduced-motion queries from test state. */
const viewport = { width: 1280, reducedMotion: false };
const changeListeners = new Set<() => void>();

function matches(query: string): boolean {
  const minWidth = /\(min-width:\s*(\d+)px\)/.exec(query);
  if (minWidth) return viewport.width >= Number(minWidth[1]);
  const maxWidth = /\(max-width:\s*(\d+)px\)/.exec(query);
  if (maxWidth) return viewport.width <= Number(maxWidth[1]);
  if (/prefers-reduced-motion:\s*reduce/.test(query)) return viewport.reducedMotion;
  return false;
}

export function installMatchMedia(): void {
  window.matchMedia = (query: string) =>
    ({
      media: query,
      get matches() {
        return matches(query);
      },
      onchange: null,
      addEventListener: (_type: string, listener: () => void) => changeListeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => changeListeners.delete(listener),
      addListener: (listener: () => void) => changeListeners.add(listener),
      removeListener: (listener: () => void) => changeListeners.delete(listener),
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
}

function notifyChange() {
  act(() => {
    for (const listener of changeListeners) listener();
  });
}

/** Resize the simulated window (e.g. 375 for the mobile bar, 1280 for desktop). */
export function setViewportWidth(width: number): void {
  viewport.width = width;
  notifyChange();
}

export function setReducedMotion(reduced: boolean): void {
  viewport.reducedMotion = reduced;
  notifyChange();
}

export function resetViewport(): void {
  viewport.width = 1280;
  viewport.reducedMotion = false;
}
