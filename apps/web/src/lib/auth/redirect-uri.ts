import { REDIRECT_URI_COOKIE } from '@ember/contracts/identity-constants';
import { paths } from '../../config/paths.ts';
import { deleteCookie, readCookie, writeCookie } from '../cookies.ts';
import { toSameOriginPath } from '../safe-redirect.ts';

export { REDIRECT_URI_COOKIE } from '@ember/contracts/identity-constants';

/** The sign-in pages themselves are never a destination (that would loop). */
const SIGN_IN_FLOW_PATHS: readonly string[] = [paths.oauth2.path, paths.token.path, paths.loading.path];

/** True on /oauth2, /token and /loading: those pages run the sign-in themselves. */
export function isSignInFlowPath(pathname: string): boolean {
  return SIGN_IN_FLOW_PATHS.includes(pathname);
}

/** `raw` when it is a same-origin path outside the sign-in flow, else null. */
export function toRedirectTarget(raw: string | null | undefined): string | null {
  const path = toSameOriginPath(raw);
  if (!path) return null;
  const pathname = new URL(path, window.location.origin).pathname;
  return isSignInFlowPath(pathname) ? null : path;
}

/** Remembers `path` (1 day cookie) so the visitor lands there after signing in. Unsafe paths are ignored. */
export function saveRedirectUri(path: string): void {
  const target = toRedirectTarget(path);
  if (target) writeCookie(REDIRECT_URI_COOKIE, target);
}

/**
 * Called when a guest clicks Log in on `currentPath`. The landing page is no destination of its own
 * (it sends signed-in users to the shop), so there an earlier intent, e.g. the members-only page
 * that sent the guest to /, is kept.
 */
export function rememberSignInOrigin(currentPath: string): void {
  if (currentPath === paths.home.getHref()) return;
  saveRedirectUri(currentPath);
}

/** The saved destination (validated again: the cookie is user-controlled), removed once read. */
export function takeRedirectUri(): string | null {
  const target = toRedirectTarget(readCookie(REDIRECT_URI_COOKIE));
  deleteCookie(REDIRECT_URI_COOKIE);
  return target;
}
