import type { OrderFullResponse, OrderResponse, ProductResponse } from '@ember/contracts/commerce';

/** A product as the server answers it: by default, credits paid by card (Stripe), 1 cent each. */
export function productFixture(overrides: Partial<ProductResponse> = {}): ProductResponse {
  return {
    id: 1,
    kind: 'CREDITS',
    name: 'Credits',
    description: 'Credits for plugin subscriptions, paid by card.',
    paymentProcessor: 'STRIPE',
    currency: 'EUR',
    pricePerUnit: 1,
    priceUnit: 'credit',
    unitSize: 1,
    minimumPurchase: 100,
    maximumPurchase: 100_000,
    stock: null,
    discountPercent: 0,
    imageUrl: null,
    enabled: true,
    bulkDiscounts: [
      { discountThreshold: 5_000, extraAmount: 250 },
      { discountThreshold: 10_000, extraAmount: 750 },
    ],
    ...overrides,
  };
}

/** An order as the server answers it: by default, customer's 1,000 credits by card, completed. */
export function orderFixture(overrides: Partial<OrderResponse> = {}): OrderResponse {
  return {
    id: 41,
    buyer: { id: 10, discordId: '314159265358979310', displayName: 'Casey Customer', username: 'customer' },
    product: {
      id: 1,
      name: 'Credits',
      kind: 'CREDITS',
      paymentProcessor: 'STRIPE',
      currency: 'EUR',
      priceUnit: 'credit',
      unitSize: 1,
    },
    productName: 'Credits',
    amount: 1_000,
    bonusAmount: 0,
    unitPrice: 1,
    discountPercent: 0,
    totalPrice: 1_000,
    currency: 'EUR',
    orderStatus: 'completed',
    paymentProcessor: 'STRIPE',
    paymentId: 'cs_test_41',
    extraInfo: null,
    creationDate: '2026-11-20T12:00:00.000Z',
    completedDate: '2026-11-20T12:01:00.000Z',
    needsStaff: null,
    payBy: null,
    ...overrides,
  };
}

/** GET orders/{id}/full of `orderFixture`. */
export function orderFullFixture(overrides: Partial<OrderFullResponse> = {}): OrderFullResponse {
  return {
    ...orderFixture(),
    payments: [],
    completedBy: null,
    deliveredUnits: 1_000,
    disputeShortfall: null,
    disputeAmount: null,
    ...overrides,
  };
}
