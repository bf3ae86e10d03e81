import {
  CLIENT_ERROR_MESSAGE_MAX,
  CLIENT_ERROR_STACK_MAX,
  CLIENT_ERROR_URL_MAX,
} from './telemetry-limits.ts';
import { z } from './zod.ts';

/** POST /api/client-errors body: what went wrong, where, and the stack when there is one. */
export const clientErrorReportBody = z.object({
  message: z
    .string({ error: 'The error message is required.' })
    .trim()
    .min(1, 'The error message is required.')
    .max(CLIENT_ERROR_MESSAGE_MAX, 'The error message is too long.'),
  stack: z
    .string({ error: 'The stack must be text.' })
    .max(CLIENT_ERROR_STACK_MAX, 'The stack is too long.')
    .optional(),
  url: z
    .string({ error: 'The page address is required.' })
    .max(CLIENT_ERROR_URL_MAX, 'The page address is too long.'),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportBody>;
