import { GENERIC_ERROR_MESSAGE } from '@ember/contracts/errors';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../lib/api-error.ts';

/** Where a form keeps the server's refusal (react-hook-form clears root errors on the next submit). */
export const SERVER_REFUSAL = 'root.server' as const;

/**
 * Shows why the server refused a submit on the form itself: the response's message, or
 * 'An error occurred.' when there is none. An error the session policy already dealt with (the
 * session ended and the user was told) is not repeated.
 */
export function showServerRefusal<T extends FieldValues>(
  // biome-ignore lint/suspicious/noExplicitAny: any parsed value type; only setError is used.
  form: Pick<UseFormReturn<T, unknown, any>, 'setError'>,
  error: unknown,
): void {
  if (error instanceof ApiError && error.handled) return;
  const message = error instanceof Error ? error.message.trim() : '';
  form.setError(SERVER_REFUSAL, { type: 'server', message: message || GENERIC_ERROR_MESSAGE });
}
