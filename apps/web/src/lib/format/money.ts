import type { Currency } from '@ember/contracts/enums';
import * as amounts from '@ember/contracts/format';
import { displayLocale } from './locale.ts';

// The amounts themselves are formatted by the contracts (the server writes the same strings into
// exports and receipts, in en-US); the web reads every formatter from this folder, and writes them
// in the visitor's locale (./locale.ts). Never show a number from the server without one of these.

/** Credits with thousands separators: '12,345' (en-US), '12.345' (de-DE). */
export function formatCredits(credits: number): string {
  return amounts.formatCredits(credits, displayLocale());
}

/** Any count (subscribers, sessions, plugins, orders) with thousands separators: '1,024'. */
export function formatCount(count: number): string {
  return amounts.formatCredits(count, displayLocale());
}

/** EUR from minor units, two decimals: '€15.00' (en-US), '15,00 €' (de-DE). */
export function formatEuroCents(cents: number): string {
  return amounts.formatEuroCents(cents, displayLocale());
}

/** GP abbreviated with K, M, B (spec §9): '1.25M'. */
export function formatGp(gp: number): string {
  return amounts.formatGp(gp, displayLocale());
}

/** An amount in its currency: '€15.00', '5M GP', '2,500 credits'. */
export function formatAmount(amount: number, currency: Currency): string {
  return amounts.formatAmount(amount, currency, displayLocale());
}

/** '1 credit', '4,200 credits'. */
export function creditsCount(credits: number): string {
  return `${formatCredits(credits)} ${credits === 1 ? 'credit' : 'credits'}`;
}

/** A price in credits: '4,200 credits', '1 credit', or 'Free' for 0. */
export function creditsLabel(credits: number): string {
  return credits === 0 ? 'Free' : creditsCount(credits);
}

/** The lowest price of a plan on its shop card: 'from 450 credits', or 'Free' when it costs nothing. */
export function fromPriceLabel(credits: number): string {
  return credits === 0 ? 'Free' : `from ${creditsCount(credits)}`;
}

/** The nav's balance: 'Credits: 12,345'. */
export function balanceLabel(balance: number): string {
  return `Credits: ${formatCredits(balance)}`;
}

/** A ledger movement: '+500' / '−450' (a real minus sign), thousands separated; '0' for none. */
export function signedCredits(amount: number): string {
  if (amount === 0) return '0';
  return `${amount > 0 ? '+' : '\u2212'}${formatCredits(Math.abs(amount))}`;
}
