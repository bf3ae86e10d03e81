import type { SubscriptionResponse } from '@ember/contracts/subscriptions';

/** A subscription as the server answers it: by default, the purchase of price 1 of plan 10. */
export function soldSubscriptionFixture(overrides: Partial<SubscriptionResponse> = {}): SubscriptionResponse {
  const now = new Date().toISOString();
  return {
    id: 501,
    planId: 10,
    planName: "Sailor's Compass",
    priceId: 1,
    priceName: 'Option 1',
    purchaseDate: now,
    startDate: now,
    expireDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    purchasePrice: 650,
    refunded: 0,
    discountCode: null,
    paused: false,
    pauseDate: null,
    pauseDuration: null,
    pauseUsed: false,
    expired: false,
    extended: false,
    extensionPrice: null,
    extensionAllowed: false,
    subscriptionPeriod: 'MONTHLY',
    status: 'Active',
    user: { id: 10, discordId: '314159265358979310', username: 'customer' },
    giftedBy: null,
    plan: { id: 10, name: "Sailor's Compass", ownerId: 1 },
    price: {
      id: 1,
      name: 'Option 1',
      period: 'MONTHLY',
      price: 650,
      extensionPrice: null,
      extensionAllowed: false,
    },
    ...overrides,
  };
}
