import { INT4_MAX } from './constants.ts';
import { z } from './zod.ts';

// INT4_MAX lives in the zod-free constants.ts (the web shell and page-preloads.ts read it there).
export { INT4_MAX };

/** Digits only, no sign, no leading zero, no exponent, no fraction, no hex: one spelling per id. */
const CANONICAL_ID = /^[1-9][0-9]{0,9}$/;

export const idMessage = (what: string) => `The ${what} id must be a positive whole number.`;

/**
 * An id in a path or query string, written exactly as the API writes it (`3`, never `0x3`, `1e0`,
 * `3.0` or `03`), so one resource has one address.
 */
export const canonicalId = (message: string) =>
  z
    .string({ error: message })
    .regex(CANONICAL_ID, message)
    .transform(Number)
    .pipe(z.number().max(INT4_MAX, message));

/** An id in a path or query string (see canonicalId), with the standard message naming what it identifies. */
export const idParam = (what: string) => canonicalId(idMessage(what));

/** In a JSON body ids are numbers already; coercion would turn `true` into 1. */
export const idField = (what: string) => {
  const message = idMessage(what);
  return z.number({ error: message }).int(message).min(1, message).max(INT4_MAX, message);
};
