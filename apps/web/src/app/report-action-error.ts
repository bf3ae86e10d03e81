import { FORBIDDEN_ACTION_MESSAGE, GENERIC_ERROR_MESSAGE } from '@ember/contracts/errors';
import { GUEST_HOME } from '../config/paths.ts';
import { ApiError } from '../lib/api-error.ts';
import { wasShownOnForm } from '../lib/reported-errors.ts';
import { notify } from '../lib/toast/notify.ts';

/**
 * The error policy for actions (spec §8), applied to every failed mutation:
 * - already handled (the session ended and the user was told): nothing more;
 * - 403 to a guest: back to / with 'You must be logged in to perform this action.';
 * - 403 to a signed-in user (a hold, a ban, a missing role): like any other refusal, the server's
 *   reason, where they are (issue 34, item 2: sent to / and on to /shop, they lost it);
 * - anything else: the response's message, or 'An error occurred.' when it has none; unless the form
 *   that submitted the action shows it where it happened (showServerRefusal): each error once.
 *   The toast waits one task for that: a form hears of its failed submit within the same task.
 */
export function reportActionError(
  error: unknown,
  goTo: (path: string) => void,
  { signedIn }: { signedIn: boolean },
): void {
  if (error instanceof ApiError && error.handled) return;
  if (error instanceof ApiError && error.status === 403 && !signedIn) {
    goTo(GUEST_HOME);
    void notify.error(FORBIDDEN_ACTION_MESSAGE);
    return;
  }
  const message = error instanceof Error ? error.message.trim() : '';
  setTimeout(() => {
    if (!wasShownOnForm(error)) void notify.error(message || GENERIC_ERROR_MESSAGE);
  }, 0);
}
