import { developerShare } from '@ember/contracts/developer-share';
import { addPeriod, expiryOfPurchase } from '@ember/contracts/periods';
import {
  allocateRefund,
  earningsReversal,
  refundable,
  type SubscriptionMoney,
} from '@ember/db/books/refund-allocation';
import { describe, expect, it } from 'vitest';

const at = (iso: string) => new Date(iso);

describe('addPeriod (UTC calendar)', () => {
  it.each([
    ['SIX_HOURS', '2030-03-30T22:00:00Z', '2030-03-31T04:00:00Z'],
    ['DAILY', '2030-03-30T22:00:00Z', '2030-03-31T22:00:00Z'],
    ['WEEKLY', '2030-12-28T10:00:00Z', '2031-01-04T10:00:00Z'],
    ['MONTHLY', '2030-01-15T08:30:00Z', '2030-02-15T08:30:00Z'],
    ['MONTHLY', '2030-01-31T08:30:00Z', '2030-02-28T08:30:00Z'],
    ['MONTHLY', '2032-01-31T00:00:00Z', '2032-02-29T00:00:00Z'],
    ['MONTHLY', '2030-12-31T23:59:00Z', '2031-01-31T23:59:00Z'],
    ['YEARLY', '2032-02-29T12:00:00Z', '2033-02-28T12:00:00Z'],
    ['YEARLY', '2030-06-15T00:00:00Z', '2031-06-15T00:00:00Z'],
  ] as const)('%s from %s ends %s', (period, from, to) => {
    expect(addPeriod(at(from), period)?.toISOString()).toBe(at(to).toISOString());
  });

  it('never ends for LIFETIME, and a purchase adds the promo days', () => {
    expect(addPeriod(at('2030-01-01T00:00:00Z'), 'LIFETIME')).toBeNull();
    expect(expiryOfPurchase(at('2030-01-01T00:00:00Z'), 'LIFETIME', 7)).toBeNull();
    expect(expiryOfPurchase(at('2030-01-31T00:00:00Z'), 'MONTHLY', 7)?.toISOString()).toBe(
      '2030-03-07T00:00:00.000Z',
    );
  });
});

describe('developerShare', () => {
  it('pays the configured share rounded down, and all of it to the product account', () => {
    expect(developerShare(337, 1, 80)).toBe(269);
    expect(developerShare(1, 1, 80)).toBe(0);
    expect(developerShare(337, 3, 80)).toBe(337);
    expect(developerShare(500, 7, 0)).toBe(0);
  });
});

describe('refund allocation', () => {
  const money: SubscriptionMoney = {
    payments: [
      { userId: 1, paid: 450, lastEntryId: 10 }, // the gift giver
      { userId: 2, paid: 400, lastEntryId: 20 }, // the subscriber, who extended later
    ],
    refunds: [],
    earnings: [{ userId: 9, earned: 680, reversed: 0 }],
  };

  it('gives credits back to whoever paid, newest payment first', () => {
    expect(allocateRefund(money, 300)).toEqual([{ userId: 2, amount: 300 }]);
    expect(allocateRefund(money, 500)).toEqual([
      { userId: 2, amount: 400 },
      { userId: 1, amount: 100 },
    ]);
    expect(() => allocateRefund(money, 851)).toThrow(/exceeds/);
  });

  it('takes earnings back in proportion, so refunding everything takes back exactly what was earned', () => {
    expect(earningsReversal(money, 425)).toEqual([{ userId: 9, amount: 340 }]);
    const half: SubscriptionMoney = {
      ...money,
      refunds: [{ userId: 2, refunded: 425 }],
      earnings: [{ userId: 9, earned: 680, reversed: 340 }],
    };
    expect(refundable(half)).toBe(425);
    expect(earningsReversal(half, 425)).toEqual([{ userId: 9, amount: 340 }]);
    expect(earningsReversal({ payments: [], refunds: [], earnings: [] }, 5)).toEqual([]);
  });
});
