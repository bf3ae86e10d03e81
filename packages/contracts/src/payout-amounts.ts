import { formatCredits, formatEuroCents } from './format.ts';

// What a payout is worth in euros (DESIGN §4 Developer earnings). No zod here: the web's amount
// formatters (apps/web/src/lib/format/money.ts) import it, and the landing page loads those.

/**
 * What a credit of earnings is worth when it is paid out: one euro cent. Credits are money held in
 * minor units (spec §9: cents); the Credits product sells them at €0.01 each, and the spec's GP
 * conversion counts GP per cent, that is per credit. The one conversion of the code base: the
 * payout confirmation and anything else that shows a payout in euros read it from here.
 */
export const EURO_CENTS_PER_CREDIT = 1;
/** A payout of `credits` credits in euro cents (format with formatEuroCents). */
export const payoutEuroCents = (credits: number): number => credits * EURO_CENTS_PER_CREDIT;
/**
 * A payout in credits and in the euros it is paid in: '1,234 credits (€12.34)'. The developer's
 * confirmation, the owner's table and dialog, and the receipt all write it so.
 */
export const payoutAmountText = (credits: number): string =>
  `${formatCredits(credits)} ${credits === 1 ? 'credit' : 'credits'} (${formatEuroCents(payoutEuroCents(credits))})`;

/**
 * EUR minor units as a plain decimal for files read by programs (CSV cells): 1234 -> "12.34",
 * -5 -> "-0.05"; no symbol, no grouping, always a dot, whatever the locale.
 */
export function euroDecimalText(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
