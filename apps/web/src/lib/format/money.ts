import { formatCredits } from '@ember/contracts/format';

// The amounts are formatted by the contracts, in the UI's language (decision 0039), so the server
// writes the same strings into exports, receipts and rendered pages; the web reads every formatter
// from this folder. Never show a number from the server without one of these.
export { formatAmount, formatCredits, formatEuroCents, formatGp } from '@ember/contracts/format';

/** Any count (subscribers, sessions, plugins, orders) with thousands separators: '1,024'. */
export const formatCount = (count: number): string => formatCredits(count);

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
