import type { ErrorBody } from './errors.ts';
import { z } from './zod.ts';

/** The one error body every API answers with. */
export const errorBody = z.object({ message: z.string() }) satisfies z.ZodType<ErrorBody>;
