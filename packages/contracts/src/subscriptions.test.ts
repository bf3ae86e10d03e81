import { describe, expect, it } from 'vitest';
import { promoPrice } from './catalog.ts';
import {
  chargeFor,
  giftQuery,
  isSubscriptionExpired,
  pauseQuery,
  purchaseQuery,
  subscriptionActions,
  subscriptionStatus,
} from './subscriptions.ts';

const now = new Date('2030-06-15T12:00:00Z');
const running = {
  paused: false,
  pauseUsed: false,
  extended: false,
  expireDate: '2030-07-15T12:00:00Z',
  extensionAllowed: true,
  refunded: 0,
};

describe('subscriptionStatus (spec §4)', () => {
  it('is Paused if paused, else Expired if expired, else Active', () => {
    expect(subscriptionStatus(running, now)).toBe('Active');
    expect(subscriptionStatus({ ...running, expireDate: null }, now)).toBe('Active');
    expect(subscriptionStatus({ ...running, expireDate: '2030-06-15T12:00:00Z' }, now)).toBe('Expired');
    expect(subscriptionStatus({ ...running, expireDate: new Date('2030-06-01') }, now)).toBe('Expired');
    // A paused subscription whose expire date passed during the pause is paused, not expired.
    expect(subscriptionStatus({ ...running, paused: true, expireDate: '2030-06-01T00:00:00Z' }, now)).toBe(
      'Paused',
    );
    expect(isSubscriptionExpired({ paused: true, expireDate: '2030-06-01T00:00:00Z' }, now)).toBe(false);
  });
});

describe('subscriptionStatus of a refunded subscription', () => {
  it('is Refunded once any credits were refunded, not Expired', () => {
    const refundedNow = { ...running, expireDate: '2030-06-15T12:00:00Z', refunded: 300 };
    expect(subscriptionStatus(refundedNow, now)).toBe('Refunded');
    expect(subscriptionStatus({ ...refundedNow, refunded: 0 }, now)).toBe('Expired');
  });
});

describe('subscriptionActions (spec §4)', () => {
  it('offers Extend and Pause on a running subscription, Unpause only when paused', () => {
    expect(subscriptionActions(running, now)).toEqual({ extend: true, pause: true, unpause: false });
    expect(subscriptionActions({ ...running, paused: true, pauseUsed: true }, now)).toEqual({
      extend: false,
      pause: false,
      unpause: true,
    });
  });

  it('pauses once only, extends once only and only when the price allows it', () => {
    expect(subscriptionActions({ ...running, pauseUsed: true }, now).pause).toBe(false);
    expect(subscriptionActions({ ...running, extended: true }, now).extend).toBe(false);
    expect(subscriptionActions({ ...running, extensionAllowed: false }, now).extend).toBe(false);
  });

  it('offers nothing on an expired subscription, and no extend or pause on a lifetime one', () => {
    expect(subscriptionActions({ ...running, expireDate: '2030-01-01T00:00:00Z' }, now)).toEqual({
      extend: false,
      pause: false,
      unpause: false,
    });
    expect(subscriptionActions({ ...running, expireDate: null }, now)).toEqual({
      extend: false,
      pause: false,
      unpause: false,
    });
  });
});

describe('chargeFor', () => {
  it('matches the price the shop shows, then takes the code off, rounding down each time', () => {
    for (const [price, promo] of [
      [450, 0],
      [4200, 10],
      [999, 15],
      [1, 50],
      [380, 25],
    ] as const) {
      expect(chargeFor({ price, promoDiscountPercent: promo })).toBe(promoPrice(price, promo));
    }
    expect(chargeFor({ price: 450, promoDiscountPercent: 0 }, 25)).toBe(337);
    expect(chargeFor({ price: 999, promoDiscountPercent: 15 }, 33)).toBe(568);
    expect(chargeFor({ price: 300, promoDiscountPercent: 0 }, 100)).toBe(0);
    expect(chargeFor({ price: 0, promoDiscountPercent: 0 }, 50)).toBe(0);
  });
});

describe('query contracts', () => {
  it('upper-cases and trims the discount code; blank means none', () => {
    expect(purchaseQuery.parse({ priceId: '4', discountCode: ' rooftop25 ' })).toEqual({
      priceId: 4,
      discountCode: 'ROOFTOP25',
    });
    expect(purchaseQuery.parse({ priceId: '4', discountCode: '' })).toEqual({
      priceId: 4,
      discountCode: undefined,
    });
  });

  it('needs a receiver id for a gift', () => {
    const result = giftQuery.safeParse({ priceId: '1', discordId: '   ' });
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid discord id');
  });

  it('pauses 14 days by default and at most 14', () => {
    expect(pauseQuery.parse({})).toEqual({ days: 14 });
    expect(pauseQuery.parse({ days: '3' })).toEqual({ days: 3 });
    expect(pauseQuery.safeParse({ days: '15' }).error?.issues[0]?.message).toBe(
      'You can only pause for up to 14 days',
    );
  });
});
