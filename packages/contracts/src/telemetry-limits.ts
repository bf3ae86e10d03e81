// The client error report's address and limits, apart from its schema (telemetry.ts): the web
// shell reports errors without loading zod.

/** Where the web app reports an error a person cannot fix (a broken answer, an uncaught exception). */
export const CLIENT_ERRORS_PATH = '/api/client-errors';

export const CLIENT_ERROR_MESSAGE_MAX = 2000;
export const CLIENT_ERROR_STACK_MAX = 10_000;
export const CLIENT_ERROR_URL_MAX = 2000;
