import { describe, expect, it } from 'vitest';
import { formatAmount, formatCredits, formatEuroCents, formatGp } from './format.ts';

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
  });

  it('formats by currency', () => {
    expect(formatAmount(1500, 'EUR')).toBe('€15.00');
    expect(formatAmount(5_000_000, 'GP')).toBe('5M GP');
    expect(formatAmount(2500, 'CREDITS')).toBe('2,500 credits');
  });
});
