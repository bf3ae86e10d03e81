import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate, formatLongDateTimeWithZone, formatMonthYear } from './dates.ts';

// The formatters follow the visitor's locale, so the expectations are built the same way.
const inLocale = (iso: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(undefined, options).format(new Date(iso));

describe('date formatters', () => {
  it('shows a long date in the visitor locale', () => {
    const iso = '2025-01-05T15:04:00.000Z';
    expect(formatLongDate(iso)).toBe(inLocale(iso, { dateStyle: 'long' }));
    expect(formatLongDate(iso)).toContain('2025');
  });

  it('shows a date with its time', () => {
    const iso = '2025-01-05T15:04:00.000Z';
    expect(formatDateTime(iso)).toBe(inLocale(iso, { dateStyle: 'medium', timeStyle: 'short' }));
    expect(formatDateTime(iso)).not.toBe(formatLongDate(iso));
  });

  it('labels a month as month-year, whatever the visitor time zone', () => {
    expect(formatMonthYear('2026-01')).toBe(
      new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(Date.UTC(2026, 0, 15)),
      ),
    );
    expect(formatMonthYear('2025-12')).toContain('2025');
  });

  it('shows a long date and time with the time zone', () => {
    const iso = '2025-01-05T15:04:00.000Z';
    expect(formatLongDateTimeWithZone(iso)).toBe(inLocale(iso, { dateStyle: 'long', timeStyle: 'long' }));
    expect(formatLongDateTimeWithZone(iso)).not.toBe(formatLongDate(iso));
  });
});
