import { formatCredits } from '@ember/contracts/format';

// The amounts themselves are formatted by the contracts (the server writes the same strings into
// exports and receipts); the web reads every formatter from this folder.
export { formatAmount, formatCredits, formatEuroCents, formatGp } from '@ember/contracts/format';

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
