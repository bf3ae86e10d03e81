import { GENERIC_ERROR_MESSAGE } from '@ember/contracts/errors';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { hasAccessToken } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { markShownOnForm } from '../../lib/reported-errors.ts';

/** Where a form keeps the server's refusal (react-hook-form clears root errors on the next submit). */
export const SERVER_REFUSAL = 'root.server' as const;

/**
 * Shows why the server refused a submit on the form itself, where it happened: the response's
 * message, or 'An error occurred.' when there is none. Each error is shown once: the action error
 * policy then does not toast it. An error the session policy already dealt with (the session ended
 * and the user was told), or a guest's 403 (the policy leaves for / and says why), is not repeated
 * here; a signed-in user's 403 (a hold, a missing role) is shown like any refusal.
 * Call it from the failed submit itself (a rejected `mutateAsync`, a `mutate` onError).
 */
export function showServerRefusal<T extends FieldValues>(
  // biome-ignore lint/suspicious/noExplicitAny: any parsed value type; only setError is used.
  form: Pick<UseFormReturn<T, unknown, any>, 'setError'>,
  error: unknown,
): void {
  if (error instanceof ApiError && (error.handled || (error.status === 403 && !hasAccessToken()))) return;
  markShownOnForm(error);
  const message = error instanceof Error ? error.message.trim() : '';
  form.setError(SERVER_REFUSAL, { type: 'server', message: message || GENERIC_ERROR_MESSAGE });
}
