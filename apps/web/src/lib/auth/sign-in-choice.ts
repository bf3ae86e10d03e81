/**
 * What a guest had chosen on a page when an action sent them to sign in (a price option, the terms
 * ticked, a discount code), so the page can show the same choice when the sign-in leads back to it.
 * Kept in this tab's sessionStorage under the page's path: never in a URL (a discount code is
 * nobody's business in the server's logs), gone with the tab, and dropped after an hour.
 */

const KEY_PREFIX = 'ember.sign-in-choice:';
const MAX_AGE_MS = 60 * 60 * 1000;

interface Stored {
  savedAt: number;
  choice: unknown;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage blocked (privacy settings): the sign-in still leads back, without the choice.
    return null;
  }
}

/** Keeps `choice` for `page` (a path such as '/shop/1') until the visitor is back on it. */
export function keepSignInChoice(page: string, choice: unknown): void {
  const stored: Stored = { savedAt: Date.now(), choice };
  try {
    storage()?.setItem(`${KEY_PREFIX}${page}`, JSON.stringify(stored));
  } catch {
    // A full or blocked storage only loses the convenience.
  }
}

/**
 * The choice kept for `page`, when one was kept in the last hour and still reads as `parse`
 * expects (it is user-controlled data: `parse` returns null for anything else).
 */
export function readSignInChoice<T>(page: string, parse: (choice: unknown) => T | null): T | null {
  const raw = storage()?.getItem(`${KEY_PREFIX}${page}`);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Partial<Stored>;
    if (typeof stored.savedAt !== 'number' || Date.now() - stored.savedAt > MAX_AGE_MS) return null;
    return parse(stored.choice);
  } catch {
    return null;
  }
}

/** Forgets the choice kept for `page` (once it is shown again, it is the page's own state). */
export function forgetSignInChoice(page: string): void {
  try {
    storage()?.removeItem(`${KEY_PREFIX}${page}`);
  } catch {
    // Nothing to forget.
  }
}
