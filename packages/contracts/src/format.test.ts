import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatCredits,
  formatDateTime,
  formatEuroCents,
  formatGp,
  formatLongDate,
  formatLongDateTimeWithZone,
  formatMonthYear,
  UI_LOCALE,
} from './format.ts';

describe('money formatting', () => {
  it('shows credits with thousands separators', () => {
    expect(formatCredits(0)).toBe('0');
    expect(formatCredits(1234567)).toBe('1,234,567');
  });

  it('divides euro cents by 100 with two decimals', () => {
    expect(formatEuroCents(1500)).toBe('€15.00');
    expect(formatEuroCents(5)).toBe('€0.05');
    expect(formatEuroCents(-250)).toBe('-€2.50');
  });

  it('abbreviates GP with K, M and B to at most two decimals', () => {
    expect(formatGp(999)).toBe('999');
    expect(formatGp(1000)).toBe('1K');
    expect(formatGp(1_250_000)).toBe('1.25M');
    expect(formatGp(2_999_999)).toBe('2.99M');
    expect(formatGp(3_000_000_000)).toBe('3B');
    expect(formatGp(7_899_999_999)).toBe('7.89B');
    expect(formatGp(1_150_000)).toBe('1.15M');
  });

  it('formats by currency', () => {
    expect(formatAmount(1500, 'EUR')).toBe('€15.00');
    expect(formatAmount(5_000_000, 'GP')).toBe('5M GP');
    expect(formatAmount(2500, 'CREDITS')).toBe('2,500 credits');
  });
});

describe('one language whatever the browser speaks (decision 0039)', () => {
  it('writes euros with two decimals even for whole or tiny amounts, and large ones grouped', () => {
    expect(formatEuroCents(950)).toBe('€9.50');
    expect(formatEuroCents(0)).toBe('€0.00');
    expect(formatEuroCents(123_456_789_00)).toBe('€123,456,789.00');
    expect(formatCredits(9_007_199_254_740_991)).toBe('9,007,199,254,740,991');
  });

  it("writes English digits and month names: the UI's language, never Intl's default (the browser's)", () => {
    // The e2e with a de-DE browser (e2e/tests/one-language.spec.ts) checks the pages themselves.
    const english = [
      formatCredits(23_445),
      formatEuroCents(1500),
      formatGp(1_250_000),
      formatLongDate(ISO, 'UTC'),
    ];
    expect(english).toEqual(['23,445', '€15.00', '1.25M', '5 January 2025']);
    expect(UI_LOCALE).toBe('en-GB');
  });
});

const ISO = '2025-01-05T15:04:00.000Z';

describe('dates: a short form for tables, a long form for sentences', () => {
  it('writes a table cell as day, short month, year and a 24-hour time', () => {
    expect(formatDateTime(ISO, 'UTC')).toBe('5 Jan 2025, 15:04');
    expect(formatDateTime(new Date(ISO), 'Europe/Berlin')).toBe('5 Jan 2025, 16:04');
    expect(formatDateTime('2026-12-17T00:30:00Z', 'UTC')).toBe('17 Dec 2026, 00:30');
  });

  it('writes a date inside a sentence with the whole month name', () => {
    expect(formatLongDate('2026-12-17T10:00:00Z', 'UTC')).toBe('17 December 2026');
    // The reader's day: late on the 31st in UTC is already the 1st in Berlin.
    expect(formatLongDate('2026-12-31T23:30:00Z', 'Europe/Berlin')).toBe('1 January 2027');
  });

  it('writes the long form with its time and zone where the spec asks for one', () => {
    expect(formatLongDateTimeWithZone(ISO, 'UTC')).toBe('5 January 2025 at 15:04 UTC');
    expect(formatLongDateTimeWithZone(ISO, 'Europe/Berlin')).toBe('5 January 2025 at 16:04 CET');
  });

  it("labels a chart's month in English, whatever the reader's zone", () => {
    expect(formatMonthYear('2026-01')).toBe('Jan 2026');
    expect(formatMonthYear('2025-12')).toBe('Dec 2025');
  });
});
