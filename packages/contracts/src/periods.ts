import type { Period } from '@ember/contracts/enums';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * One calendar month later in UTC, keeping the time of day; the day is clamped to the month's last
 * day (Jan 31 + 1 month = Feb 28/29), so a month never spills into the month after.
 */
function addMonthsUtc(from: Date, months: number): Date {
  const date = new Date(from.getTime());
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date;
}

/** The end of one period starting at `from`; null for lifetime (never ends). */
export function addPeriod(from: Date, period: Period): Date | null {
  switch (period) {
    case 'SIX_HOURS':
      return new Date(from.getTime() + 6 * HOUR_MS);
    case 'DAILY':
      return new Date(from.getTime() + DAY_MS);
    case 'WEEKLY':
      return new Date(from.getTime() + 7 * DAY_MS);
    case 'MONTHLY':
      return addMonthsUtc(from, 1);
    case 'YEARLY':
      return addMonthsUtc(from, 12);
    case 'LIFETIME':
      return null;
  }
}

/** Expiry of a new subscription: one period plus the price's promo extra days. */
export function expiryOfPurchase(start: Date, period: Period, promoExtraDays: number): Date | null {
  const end = addPeriod(start, period);
  return end === null ? null : new Date(end.getTime() + promoExtraDays * DAY_MS);
}
