import {
  GENERIC_ERROR_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
} from '@ember/contracts/errors';
import { ApiError } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/toast/notify.ts';
import { logOut } from '../api/log-out.ts';
import { isTransientFailure } from './retry-transient.ts';

/** The toast for a failed sign-in (spec §8): 403 is the chat-server membership check, 401 an expired session. */
export function signInFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return GENERIC_ERROR_MESSAGE;
  if (error.status === 403) return LOGIN_FAILED_MESSAGE;
  if (error.status === 401) return SESSION_EXPIRED_MESSAGE;
  return error.message || GENERIC_ERROR_MESSAGE;
}

/**
 * Tells the user why the login action failed. When the server refused the account (4xx: not a
 * member, banned, expired), this browser's session cookies are removed first, including the
 * HttpOnly refresh cookie, so the next visit does not try again. A busy server (429), an outage
 * (5xx) or the network keeps them for a later retry: none of them ends a session (issue 24,
 * item 12). A failed code exchange (`endSession: false`) has no new session to remove.
 */
export async function reportSignInFailure(error: unknown, { endSession = true } = {}): Promise<void> {
  const status = error instanceof ApiError ? error.status : 0;
  if (endSession && status >= 400 && status < 500 && !isTransientFailure(error)) await logOut();
  void notify.error(signInFailureMessage(error));
}
