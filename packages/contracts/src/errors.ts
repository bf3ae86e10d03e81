/** The one error body every API answers with (its schema: error-body.ts). */
export interface ErrorBody {
  message: string;
}

export const GENERIC_ERROR_MESSAGE = 'An error occurred.';
export const FORBIDDEN_ACTION_MESSAGE = 'You must be logged in to perform this action.';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired';
export const LOGIN_FAILED_MESSAGE =
  'Login failed. Make sure you have joined our Discord server before logging in.';
export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests. Please wait a moment and try again.';
export const tooManyDiscountCodeFailuresMessage = (minutes: number) =>
  `Too many discount codes that did not work. You can try another code in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
