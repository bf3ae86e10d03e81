import type { Period } from '@ember/contracts/enums';

const PERIOD_LABELS: Record<Period, string> = {
  SIX_HOURS: '6 hours',
  DAILY: 'Daily',
  WEEKLY: 'Weekly',
  MONTHLY: 'Monthly',
  YEARLY: 'Yearly',
  LIFETIME: 'Lifetime',
};

/** 'Monthly', 'Lifetime', '6 hours', ... */
export function periodLabel(period: Period): string {
  return PERIOD_LABELS[period];
}

const ONE_MORE_PERIOD: Record<Period, string> = {
  SIX_HOURS: 'another 6 hours',
  DAILY: 'one more day',
  WEEKLY: 'one more week',
  MONTHLY: 'one more month',
  YEARLY: 'one more year',
  LIFETIME: 'for life',
};

/** What extending by one period adds, in words: 'one more month', 'for life', ... */
export function oneMorePeriod(period: Period): string {
  return ONE_MORE_PERIOD[period];
}

/** '+7 days' for a promo that adds days, else null. */
export function extraDaysLabel(days: number): string | null {
  if (days <= 0) return null;
  return `+${days} ${days === 1 ? 'day' : 'days'}`;
}
