import { describe, expect, it } from 'vitest';
import { bulkBonus, gpPricePerUnit, nextBulkTier, priceOrder } from './pricing.ts';

const tiers = [
  { discountThreshold: 5_000, extraAmount: 250 },
  { discountThreshold: 10_000, extraAmount: 750 },
  { discountThreshold: 25_000, extraAmount: 2_500 },
];

describe('priceOrder (spec §9: unit price × amount, minus the discount percent)', () => {
  it('charges 1,000 credits at 1 cent each €10.00 with no bonus below the first tier', () => {
    expect(priceOrder({ pricePerUnit: 1, discountPercent: 0, bulkDiscounts: tiers }, 1_000)).toEqual({
      subtotal: 1_000,
      discount: 0,
      total: 1_000,
      bonusAmount: 0,
      deliveredAmount: 1_000,
    });
  });

  it('takes 5% off 10,000 crypto credits: €100.00 − €5.00 = €95.00', () => {
    const price = priceOrder({ pricePerUnit: 1, discountPercent: 5, bulkDiscounts: [] }, 10_000);
    expect(price.total).toBe(9_500);
    expect(price.discount).toBe(500);
  });

  it('rounds half a cent up: 3 × 15 cents at 10% off is 40.5 → 41 cents', () => {
    const price = priceOrder({ pricePerUnit: 15, discountPercent: 10, bulkDiscounts: [] }, 3);
    expect(price).toMatchObject({ subtotal: 45, total: 41, discount: 4 });
  });

  it('rounds below half down: 7 × 13 cents at 5% off is 86.45 → 86 cents', () => {
    expect(priceOrder({ pricePerUnit: 13, discountPercent: 5, bulkDiscounts: [] }, 7).total).toBe(86);
  });

  it('prices 12 months of VIP at 10% off: 12 × €15.00 = €180.00 − €18.00 = €162.00', () => {
    expect(priceOrder({ pricePerUnit: 1_500, discountPercent: 10, bulkDiscounts: [] }, 12).total).toBe(
      16_200,
    );
  });

  it('keeps GP totals whole: 3 credits at 40,000 GP with 5% off is 114,000 GP', () => {
    expect(priceOrder({ pricePerUnit: 40_000, discountPercent: 5, bulkDiscounts: [] }, 3).total).toBe(
      114_000,
    );
  });

  it('is free at 100% off and refuses amounts below 1 or fractions', () => {
    expect(priceOrder({ pricePerUnit: 99, discountPercent: 100, bulkDiscounts: [] }, 4).total).toBe(0);
    expect(() => priceOrder({ pricePerUnit: 1, discountPercent: 0, bulkDiscounts: [] }, 0)).toThrow(
      RangeError,
    );
    expect(() => priceOrder({ pricePerUnit: 1, discountPercent: 0, bulkDiscounts: [] }, 1.5)).toThrow(
      RangeError,
    );
  });
});

describe('bulk discounts (applied automatically, once)', () => {
  it('grants nothing below the first threshold and the tier exactly at its threshold', () => {
    expect(bulkBonus(tiers, 4_999)).toBe(0);
    expect(bulkBonus(tiers, 5_000)).toBe(250);
  });

  it('grants only the best tier reached, never the sum of tiers', () => {
    expect(bulkBonus(tiers, 10_000)).toBe(750);
    expect(bulkBonus(tiers, 30_000)).toBe(2_500);
  });

  it('does not depend on the order the tiers are listed in', () => {
    expect(bulkBonus([...tiers].reverse(), 12_000)).toBe(750);
  });

  it('adds the bonus to the delivered units but not to the price', () => {
    const price = priceOrder({ pricePerUnit: 1, discountPercent: 0, bulkDiscounts: tiers }, 10_000);
    expect(price).toMatchObject({ total: 10_000, bonusAmount: 750, deliveredAmount: 10_750 });
  });

  it('names the next tier to reach, or none past the last', () => {
    expect(nextBulkTier(tiers, 6_000)).toEqual({ discountThreshold: 10_000, extraAmount: 750 });
    expect(nextBulkTier(tiers, 25_000)).toBeNull();
  });
});

describe('GP conversion (spec §9: 1 / (rate × 100) × 1,000,000, × 1500 for VIP, rounded)', () => {
  it('converts 0.25 € per million to 40,000 GP per credit and 60,000,000 GP per VIP month', () => {
    expect(gpPricePerUnit(0.25)).toBe(40_000);
    expect(gpPricePerUnit(0.25, { vip: true })).toBe(60_000_000);
  });

  it('rounds 0.30 € per million (33,333.33…) to 33,333 GP and multiplies before rounding for VIP', () => {
    expect(gpPricePerUnit(0.3)).toBe(33_333);
    expect(gpPricePerUnit(0.3, { vip: true })).toBe(50_000_000);
  });

  it('rounds 0.29 € per million (34,482.758…) up to 34,483 despite 0.29 × 100 not being exactly 29', () => {
    expect(gpPricePerUnit(0.29)).toBe(34_483);
    expect(gpPricePerUnit(0.29, { vip: true })).toBe(51_724_138);
  });

  it('rounds an exact half up: 0.256 € per million is 39,062.5 → 39,063 GP', () => {
    expect(gpPricePerUnit(0.256)).toBe(39_063);
  });

  it('refuses a rate of 0 or below', () => {
    expect(() => gpPricePerUnit(0)).toThrow(RangeError);
    expect(() => gpPricePerUnit(-1)).toThrow(RangeError);
  });
});
