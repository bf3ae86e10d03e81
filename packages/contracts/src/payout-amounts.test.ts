import { describe, expect, it } from 'vitest';
import { euroDecimalText, payoutAmountText } from './payout-amounts.ts';

describe('a payout in credits and euros', () => {
  it('writes the credits and the euros they are paid in, in one phrase', () => {
    expect(payoutAmountText(1234)).toBe('1,234 credits (€12.34)');
    expect(payoutAmountText(1)).toBe('1 credit (€0.01)');
  });

  it('writes euros for CSV cells as a plain decimal, whatever the amount', () => {
    expect(euroDecimalText(1234)).toBe('12.34');
    expect(euroDecimalText(1_234_567)).toBe('12345.67');
    expect(euroDecimalText(5)).toBe('0.05');
    expect(euroDecimalText(0)).toBe('0.00');
    expect(euroDecimalText(-205)).toBe('-2.05');
  });
});
