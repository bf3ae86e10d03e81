import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate } from './dates.ts';

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
});
