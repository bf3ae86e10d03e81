import { priceOrder } from '@ember/contracts/pricing';
import { describe, expect, it } from 'vitest';
import { formatEuroCents } from './money.ts';
import {
  discountedPriceLabel,
  stockLabel,
  unitPriceLabel,
  unitsLabel,
  vipPrice,
  vipPriceLabel,
} from './product-units.ts';

describe('product units and prices', () => {
  it('counts units in words, or with × when the unit is a quantity', () => {
    expect(unitsLabel({ priceUnit: 'credit' }, 1000)).toBe('1,000 credits');
    expect(unitsLabel({ priceUnit: 'month' }, 1)).toBe('1 month');
    expect(unitsLabel({ priceUnit: '1M GP' }, 10)).toBe('10 × 1M GP');
  });

  it('prices one unit in the product currency: euros from cents, GP abbreviated', () => {
    expect(unitPriceLabel({ pricePerUnit: 1, priceUnit: 'credit', currency: 'EUR' })).toBe(
      '€0.01 per credit',
    );
    expect(unitPriceLabel({ pricePerUnit: 1500, priceUnit: 'month', currency: 'EUR' })).toBe(
      '€15.00 per month',
    );
    expect(unitPriceLabel({ pricePerUnit: 40_000, priceUnit: 'credit', currency: 'GP' })).toBe(
      '40K GP per credit',
    );
    expect(unitPriceLabel({ pricePerUnit: 60_000_000, priceUnit: 'month', currency: 'GP' })).toBe(
      '60M GP per month',
    );
  });

  it('shows stock, with an empty stock as infinity', () => {
    expect(stockLabel(null)).toBe('Stock: ∞');
    expect(stockLabel(0)).toBe('Out of stock');
    expect(stockLabel(2500)).toBe('Stock: 2,500');
  });
});

describe('discounted and VIP prices', () => {
  const vipCrypto = {
    pricePerUnit: 1500,
    priceUnit: 'month',
    currency: 'EUR' as const,
    discountPercent: 10,
    minimumPurchase: 1,
    bulkDiscounts: [{ discountThreshold: 12, extraAmount: 2 }],
  };

  it("reads what checkout charges for a discounted unit: the crypto VIP's -10% is €13.50", () => {
    expect(discountedPriceLabel(vipCrypto)).toBe('€13.50 per month');
    expect(discountedPriceLabel(vipCrypto)).toBe(
      `${formatEuroCents(priceOrder(vipCrypto, 1).total)} per month`,
    );
    expect(discountedPriceLabel({ ...vipCrypto, discountPercent: 0 })).toBeNull();
  });

  it('prices the minimum purchase when the discount of one unit is below a cent', () => {
    const credits = {
      ...vipCrypto,
      pricePerUnit: 1,
      priceUnit: 'credit',
      discountPercent: 5,
      minimumPurchase: 500,
    };
    expect(discountedPriceLabel(credits)).toBe('€4.75 per 500 credits');
  });

  it('writes the VIP price one way', () => {
    expect(vipPriceLabel()).toBe('€15.00 per month');
    expect(vipPriceLabel()).toBe(unitPriceLabel({ pricePerUnit: 1500, priceUnit: 'month', currency: 'EUR' }));
    expect(vipPrice()).toEqual({ amount: '€15.00', per: 'per month' });
  });
});
