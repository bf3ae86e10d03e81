import { z } from './zod.ts';

/** Digits only: no sign, no decimal point, no exponent ('1e3'), no hex ('0x10'), no separators. */
export const PLAIN_WHOLE_NUMBER = /^[0-9]+$/;

/**
 * A whole amount typed by a person (credits, hours), at least 1 and at most `max`. Number() would
 * read '0x10' as 16 and '1e3' as 1000, so the text must be plain digits before it is converted.
 */
export function wholeAmountText(message: string, max: number, maxMessage = message) {
  return z
    .string({ error: message })
    .trim()
    .regex(PLAIN_WHOLE_NUMBER, message)
    .pipe(z.coerce.number<string>().int(message).min(1, message).max(max, maxMessage));
}
