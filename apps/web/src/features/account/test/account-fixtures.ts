import type { SubscriptionResponse } from '@ember/contracts/subscriptions';
import type { TransactionResponse } from '@ember/contracts/wallet';
import { soldSubscriptionFixture } from '../../../test/subscription-fixture.ts';

const DAY = 86_400_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** A running, extendable monthly subscription, unless overridden. */
export function subscriptionFixture(overrides: Partial<SubscriptionResponse> = {}): SubscriptionResponse {
  return soldSubscriptionFixture({
    id: 1,
    planId: 1,
    planName: 'Rooftop Runner',
    priceId: 1,
    priceName: 'Monthly',
    purchaseDate: daysFromNow(-10),
    startDate: daysFromNow(-10),
    expireDate: daysFromNow(20),
    purchasePrice: 450,
    extensionPrice: 400,
    extensionAllowed: true,
    plan: { id: 1, name: 'Rooftop Runner', ownerId: 1 },
    price: {
      id: 1,
      name: 'Monthly',
      period: 'MONTHLY',
      price: 450,
      extensionPrice: 400,
      extensionAllowed: true,
    },
    ...overrides,
  });
}

/** One of each state the account page has to show. */
export const subscriptionsInEveryState = {
  active: subscriptionFixture({ id: 1 }),
  paused: subscriptionFixture({
    id: 2,
    planName: 'Storm Angler',
    priceName: 'Weekly',
    paused: true,
    pauseUsed: true,
    pauseDate: daysFromNow(-3),
    pauseDuration: 14,
    status: 'Paused',
    purchaseDate: daysFromNow(-12),
  }),
  expired: subscriptionFixture({
    id: 3,
    planName: 'Quest Helper',
    priceName: 'Weekly',
    expireDate: daysFromNow(-5),
    expired: true,
    status: 'Expired',
    purchaseDate: daysFromNow(-40),
  }),
  lifetime: subscriptionFixture({
    id: 4,
    planName: 'Free Essentials',
    priceName: 'Free forever',
    expireDate: null,
    purchasePrice: 0,
    extensionAllowed: false,
    extensionPrice: null,
    subscriptionPeriod: 'LIFETIME',
    purchaseDate: daysFromNow(-200),
  }),
  extendedAndPauseUsed: subscriptionFixture({
    id: 5,
    planName: 'Ironman Starter Bundle',
    priceName: 'Weekly',
    extended: true,
    pauseUsed: true,
    purchaseDate: daysFromNow(-25),
  }),
};

export function transactionFixture(overrides: Partial<TransactionResponse> = {}): TransactionResponse {
  return {
    id: 1,
    account: 'CREDITS',
    type: 'PURCHASE',
    description: 'Purchase of Rooftop Runner (Monthly)',
    discordId: '314159265358979310',
    username: 'customer',
    createdAt: daysFromNow(-10),
    balance: 9550,
    amount: -450,
    entityId: '1',
    referenceKind: 'SUBSCRIPTION',
    journalId: 1,
    ...overrides,
  };
}
