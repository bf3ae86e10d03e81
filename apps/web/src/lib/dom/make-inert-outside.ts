/** The child of <body> that holds `element` (portals render straight into body). */
function bodyChildOf(element: Element): Element {
  let current = element;
  while (current.parentElement && current.parentElement !== document.body) current = current.parentElement;
  return current;
}

/**
 * Makes every child of <body> that does not hold one of `keep` inert: no focus, no clicks, and gone
 * from the accessibility tree, so an open dialog's landmarks and content are the only ones there
 * are. Returns the undo; elements that were inert already stay as they were.
 */
export function makeInertOutside(keep: readonly Element[]): () => void {
  const kept = new Set(keep.map(bodyChildOf));
  const madeInert = Array.from(document.body.children).filter(
    (child): child is HTMLElement =>
      child instanceof HTMLElement &&
      !kept.has(child) &&
      !child.hasAttribute('inert') &&
      child.tagName !== 'SCRIPT',
  );
  for (const element of madeInert) element.setAttribute('inert', '');
  return () => {
    for (const element of madeInert) element.removeAttribute('inert');
  };
}
