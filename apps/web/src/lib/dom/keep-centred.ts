/** What the person does that ends the page's own scrolling: from then on the scroll is theirs. */
const USER_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * Scrolls `element` to the middle of the window, and keeps it there while the page around it is
 * still growing (cards above it that load after it, issue 34 item 8: "See my orders" landed on a
 * row that the loading cards then pushed aside). Stops at the person's first scroll, tap or key,
 * or when the returned function is called.
 */
export function keepCentred(element: HTMLElement): () => void {
  const centre = () => {
    if (element.isConnected) element.scrollIntoView?.({ block: 'center' });
  };
  centre();
  if (typeof ResizeObserver === 'undefined') return () => {};
  const observer = new ResizeObserver(centre);
  observer.observe(document.body);
  const stop = () => {
    observer.disconnect();
    for (const type of USER_INPUT) window.removeEventListener(type, stop, true);
  };
  for (const type of USER_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
  return stop;
}
