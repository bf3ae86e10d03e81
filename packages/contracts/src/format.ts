import type { Currency } from './enums.ts';

const groupFormatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const centsFormatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Credits are whole units shown with thousands separators: 12345 -> "12,345". */
export function formatCredits(credits: number): string {
  return groupFormatter.format(credits);
}

/** EUR minor units to a display string: 1500 -> "€15.00". */
export function formatEuroCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}€${centsFormatter.format(Math.abs(cents) / 100)}`;
}

const GP_STEPS = [
  { value: 1_000_000_000, suffix: 'B' },
  { value: 1_000_000, suffix: 'M' },
  { value: 1_000, suffix: 'K' },
] as const;

/** GP is never divided; it is abbreviated with K, M, B to two decimals: 1_250_000 -> "1.25M". */
export function formatGp(amount: number): string {
  const abs = Math.abs(amount);
  const sign = amount < 0 ? '-' : '';
  for (const step of GP_STEPS) {
    if (abs >= step.value) {
      const scaled = Math.trunc((abs / step.value) * 100) / 100;
      return `${sign}${scaled.toFixed(2).replace(/\.?0+$/, '')}${step.suffix}`;
    }
  }
  return `${sign}${groupFormatter.format(abs)}`;
}

/** One entry point for every amount shown to a user. */
export function formatAmount(amount: number, currency: Currency): string {
  switch (currency) {
    case 'EUR':
      return formatEuroCents(amount);
    case 'GP':
      return `${formatGp(amount)} GP`;
    case 'CREDITS':
      return `${formatCredits(amount)} credits`;
  }
}
