// Errors a form has shown where they happened (issue 26, item 6: each error once), so that the
// action error policy does not toast them a second time.

const shownOnForm = new WeakSet<object>();

/** Records that a form shows `error` itself (showServerRefusal). */
export function markShownOnForm(error: unknown): void {
  if (typeof error === 'object' && error !== null) shownOnForm.add(error);
}

/** Whether a form already shows `error`. */
export function wasShownOnForm(error: unknown): boolean {
  return typeof error === 'object' && error !== null && shownOnForm.has(error);
}
