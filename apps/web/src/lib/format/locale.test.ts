import { afterEach, describe, expect, it } from 'vitest';
import { displayLocale, setDisplayLocaleSource } from './locale.ts';
import {
  creditsCount,
  formatAmount,
  formatCount,
  formatCredits,
  formatEuroCents,
  formatGp,
} from './money.ts';
import { unitPriceLabel, vipPriceLabel } from './product-units.ts';

afterEach(() => {
  document.head.querySelector('meta[name="number-locale"]')?.remove();
  setDisplayLocaleSource(null);
});

describe("numbers in the visitor's locale", () => {
  it("uses the browser's languages on a page the browser rendered", () => {
    expect(displayLocale()).toBe('en-US');
    expect(formatCredits(12_345)).toBe('12,345');
  });

  it('uses the locale a server-rendered page names, so hydration writes the same text', () => {
    const meta = document.createElement('meta');
    meta.name = 'number-locale';
    meta.content = 'de-DE';
    document.head.append(meta);
    setDisplayLocaleSource(null);
    expect(displayLocale()).toBe('de-DE');
    expect(formatCredits(12_345)).toBe('12.345');
    expect(formatEuroCents(950)).toBe('9,50\u00a0€');
    expect(formatGp(1_250_000)).toBe('1,25M');
    expect(creditsCount(4200)).toBe('4.200 credits');
    expect(vipPriceLabel()).toBe('15,00\u00a0€ per month');
  });

  it('writes thousands, euros with two decimals and large numbers in every helper', () => {
    setDisplayLocaleSource(() => 'en-GB');
    expect(formatCount(1_000_000)).toBe('1,000,000');
    expect(formatEuroCents(1_234_567_800)).toBe('€12,345,678.00');
    expect(formatEuroCents(950)).toBe('€9.50');
    expect(formatAmount(7_899_999_999, 'GP')).toBe('7.89B GP');
    expect(unitPriceLabel({ pricePerUnit: 1500, priceUnit: 'month', currency: 'EUR' })).toBe(
      '€15.00 per month',
    );
    setDisplayLocaleSource(() => 'fr-FR');
    expect(formatCount(12_345)).toBe('12\u202f345');
  });
});
