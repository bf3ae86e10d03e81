import type { Currency } from './enums.ts';

/**
 * The UI's language, and the one locale every number, amount and date a person reads is written
 * in: the web's pages, the server's receipts and payment pages alike (decision 0039). The words
 * are English, so the digits and month names are English too, whatever the browser's language:
 * "Credits: 23,445", "€15.00", "17 December 2026". British English, because its dates put the day
 * first ("27 Nov 2026, 15:04"), which no reader mistakes for a month, and its clock is 24-hour.
 * One fixed locale also means the server's render of a page and the browser's write the same text.
 */
export const UI_LOCALE = 'en-GB';

const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(kind: 'whole' | 'euro' | 'gp'): Intl.NumberFormat {
  let formatter = formatters.get(kind);
  if (!formatter) {
    formatter = new Intl.NumberFormat(
      UI_LOCALE,
      kind === 'whole'
        ? { maximumFractionDigits: 0 }
        : kind === 'euro'
          ? { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 }
          : { maximumFractionDigits: 2 },
    );
    formatters.set(kind, formatter);
  }
  return formatter;
}

/** Credits (and any count) are whole units with thousands separators: 12345 -> "12,345". */
export function formatCredits(credits: number): string {
  return formatterOf('whole').format(credits);
}

/** EUR minor units with two decimals: 1500 -> "€15.00". */
export function formatEuroCents(cents: number): string {
  return formatterOf('euro').format(cents / 100);
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
      // Cut (never round up) to two decimals: 2,999,999 is 2.99M, not 3M.
      const scaled = Math.trunc(Number(((abs / step.value) * 100).toFixed(9))) / 100;
      return `${sign}${formatterOf('gp').format(scaled)}${step.suffix}`;
    }
  }
  return `${sign}${formatterOf('whole').format(abs)}`;
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

// Dates. Three forms, each for one job (decision 0039); `timeZone` is the reader's: the browser's
// own when omitted, 'UTC' in what the server writes (receipts), which then says so.

type DateForm = 'table' | 'sentence' | 'zoned';

const DATE_FORMS: Record<DateForm, Intl.DateTimeFormatOptions> = {
  // A table cell or a detail list: '27 Nov 2026, 15:04'.
  table: {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  },
  // Inside a sentence: '17 December 2026'.
  sentence: { day: 'numeric', month: 'long', year: 'numeric' },
  // The developer's subscriptions table (spec §2: "a long locale format with timezone"): '17 December 2026 at 15:04 CET'.
  zoned: {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  },
};

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatterOf(form: DateForm, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${form} ${timeZone ?? ''}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(UI_LOCALE, {
      ...DATE_FORMS[form],
      ...(timeZone ? { timeZone } : {}),
    });
    dateFormatters.set(key, formatter);
  }
  return formatter;
}

const dateOf = (iso: string | Date) => (typeof iso === 'string' ? new Date(iso) : iso);

/** The short form, for tables and detail lists: '27 Nov 2026, 15:04'. */
export function formatDateTime(iso: string | Date, timeZone?: string): string {
  return dateFormatterOf('table', timeZone).format(dateOf(iso));
}

/** The long form, for sentences: 'until 17 December 2026.' */
export function formatLongDate(iso: string | Date, timeZone?: string): string {
  return dateFormatterOf('sentence', timeZone).format(dateOf(iso));
}

/** The long form with its time and zone (spec §2 Subscriptions table): '17 December 2026 at 15:04 UTC'. */
export function formatLongDateTimeWithZone(iso: string | Date, timeZone?: string): string {
  return dateFormatterOf('zoned', timeZone).format(dateOf(iso));
}

/** A `YYYY-MM` month (UTC) as a chart's axis names it: 'Jan 2026'. */
export function formatMonthYear(month: string): string {
  return new Intl.DateTimeFormat(UI_LOCALE, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

const relativeFormatter = new Intl.RelativeTimeFormat(UI_LOCALE, { numeric: 'auto' });
const DAY_MS = 86_400_000;

/**
 * How long ago, in words, for "Updated 3 days ago" (issue 35): days under a month, then months,
 * then years; 'today' and 'yesterday' by the calendar of `now`'s reader are approximated by whole
 * 24-hour days.
 */
export function formatTimeAgo(iso: string | Date, now: Date): string {
  const days = Math.max(0, Math.floor((now.getTime() - dateOf(iso).getTime()) / DAY_MS));
  if (days < 30) return relativeFormatter.format(-days, 'day');
  if (days < 365) return relativeFormatter.format(-Math.floor(days / 30), 'month');
  return relativeFormatter.format(-Math.floor(days / 365), 'year');
}
