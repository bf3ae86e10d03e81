import { describe, expect, it } from 'vitest';
import {
  balanceLabel,
  creditsCount,
  creditsLabel,
  formatAmount,
  formatEuroCents,
  formatGp,
  fromPriceLabel,
  signedCredits,
} from './money.ts';

describe('money formatters', () => {
  it('counts credits with the right noun and thousands separators', () => {
    expect(creditsCount(1)).toBe('1 credit');
    expect(creditsCount(0)).toBe('0 credits');
    expect(creditsCount(4200)).toBe('4,200 credits');
  });

  it("shows a price of 0 credits as 'Free'", () => {
    expect(creditsLabel(0)).toBe('Free');
    expect(creditsLabel(1)).toBe('1 credit');
    expect(creditsLabel(1_234_567)).toBe('1,234,567 credits');
  });

  it("shows a plan's lowest price as 'from N credits', or 'Free'", () => {
    expect(fromPriceLabel(3402)).toBe('from 3,402 credits');
    expect(fromPriceLabel(1)).toBe('from 1 credit');
    expect(fromPriceLabel(0)).toBe('Free');
  });

  it("shows the nav's balance as 'Credits: N'", () => {
    expect(balanceLabel(12_345)).toBe('Credits: 12,345');
    expect(balanceLabel(0)).toBe('Credits: 0');
  });

  it('signs ledger movements with a plus or a real minus sign', () => {
    expect(signedCredits(500)).toBe('+500');
    expect(signedCredits(-1450)).toBe('\u22121,450');
    expect(signedCredits(0)).toBe('0');
  });

  it('shows euros from minor units with the euro sign and GP abbreviated (spec §9)', () => {
    expect(formatEuroCents(1500)).toBe('€15.00');
    expect(formatGp(1_250_000)).toBe('1.25M');
    expect(formatGp(7_899_999_999)).toBe('7.89B');
    expect(formatAmount(2500, 'CREDITS')).toBe('2,500 credits');
  });
});
