import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NUMBER_LOCALE,
  formatAmount,
  formatCredits,
  formatEuroCents,
  formatGp,
  numberLocaleOf,
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

describe('formatting in the visitor locale', () => {
  it('writes credits, euros and GP in a given locale', () => {
    expect(formatCredits(1_234_567, 'de-DE')).toBe('1.234.567');
    expect(formatCredits(12_345, 'en-GB')).toBe('12,345');
    expect(formatEuroCents(123_450, 'de-DE')).toBe('1.234,50\u00a0€');
    expect(formatEuroCents(950, 'de-DE')).toBe('9,50\u00a0€');
    expect(formatGp(1_250_000, 'de-DE')).toBe('1,25M');
    expect(formatAmount(2500, 'CREDITS', 'fr-FR')).toBe('2\u202f500 credits');
  });

  it('writes euros with two decimals even for whole or tiny amounts, and large ones grouped', () => {
    expect(formatEuroCents(950)).toBe('€9.50');
    expect(formatEuroCents(0)).toBe('€0.00');
    expect(formatEuroCents(123_456_789_00)).toBe('€123,456,789.00');
    expect(formatCredits(9_007_199_254_740_991)).toBe('9,007,199,254,740,991');
  });

  it('picks the preferred known locale of an Accept-Language header, else en-US', () => {
    expect(numberLocaleOf('de-DE,de;q=0.9,en;q=0.8')).toBe('de-DE');
    expect(numberLocaleOf('en;q=0.5, fr-CH')).toBe('fr-CH');
    expect(numberLocaleOf(['en-gb'])).toBe('en-GB');
    expect(numberLocaleOf('*')).toBe(DEFAULT_NUMBER_LOCALE);
    expect(numberLocaleOf('not a tag!!')).toBe(DEFAULT_NUMBER_LOCALE);
    expect(numberLocaleOf(undefined)).toBe('en-US');
    expect(numberLocaleOf('')).toBe('en-US');
  });
});
