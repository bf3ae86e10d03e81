import { DEMO_USER_IDS as U } from '../../demo/demo-accounts.ts';
import { COMMUNITY_MEMBERS } from './community.ts';
import { FREE_PRICE_ID } from './plans.ts';

/** One subscription told as what happened to it, relative to the seed's `now`. */
export interface SubscriptionStory {
  userId: number;
  priceId: number;
  purchasedDaysAgo: number;
  /** Paid by another user as a gift. */
  giftedById?: number;
  discountCode?: { id: string; percent: number };
  /** Currently paused since this many days (14-day pause). */
  pausedDaysAgo?: number;
  /** Paused once in the past and resumed after this many days. */
  resumedAfterPauseDays?: number;
  extendedDaysAgo?: number;
  refundedDaysAgo?: number;
}

const community = (index: number) => {
  const member = COMMUNITY_MEMBERS[index];
  if (!member) throw new Error(`community member ${index} missing`);
  return member.id;
};

/** Every subscription state on the named accounts, plus the slot fill of the limited prices. */
export const SUBSCRIPTION_STORIES: readonly SubscriptionStory[] = [
  { userId: U.customer, priceId: FREE_PRICE_ID, purchasedDaysAgo: 200 },
  { userId: U.customer, priceId: 1, purchasedDaysAgo: 10 },
  { userId: U.customer, priceId: 15, purchasedDaysAgo: 12, pausedDaysAgo: 3 },
  { userId: U.customer, priceId: 3, purchasedDaysAgo: 40 },
  { userId: U.customer, priceId: 9, purchasedDaysAgo: 20, extendedDaysAgo: 5 },
  { userId: U.customer, priceId: 32, purchasedDaysAgo: 25, resumedAfterPauseDays: 4 },
  { userId: U.customer, priceId: 21, purchasedDaysAgo: 8, giftedById: U.vip },
  { userId: U.customer, priceId: 26, purchasedDaysAgo: 60, refundedDaysAgo: 58 },
  { userId: U.vip, priceId: FREE_PRICE_ID, purchasedDaysAgo: 150 },
  { userId: U.vip, priceId: 8, purchasedDaysAgo: 90 },
  { userId: U.vip, priceId: 44, purchasedDaysAgo: 6 },
  { userId: U.vip, priceId: 12, purchasedDaysAgo: 4, discountCode: { id: 'MINER10', percent: 10 } },
  { userId: U.vip, priceId: 50, purchasedDaysAgo: 40 },
  { userId: U.premium, priceId: FREE_PRICE_ID, purchasedDaysAgo: 300 },
  { userId: U.premium, priceId: 2, purchasedDaysAgo: 100 },
  { userId: U.developer, priceId: FREE_PRICE_ID, purchasedDaysAgo: 280 },
  { userId: U.developer, priceId: 37, purchasedDaysAgo: 70 },
  { userId: U.owner, priceId: FREE_PRICE_ID, purchasedDaysAgo: 400 },
  { userId: U.admin, priceId: FREE_PRICE_ID, purchasedDaysAgo: 350 },
  { userId: U.admin, priceId: 6, purchasedDaysAgo: 3 },
  { userId: U.staff, priceId: 48, purchasedDaysAgo: 15 },
  { userId: U.payments, priceId: 3, purchasedDaysAgo: 100 },
  { userId: U.banned, priceId: 1, purchasedDaysAgo: 200 },
  { userId: U.mossforge, priceId: FREE_PRICE_ID, purchasedDaysAgo: 390 },
  { userId: U.ironbark, priceId: FREE_PRICE_ID, purchasedDaysAgo: 380 },
  // Price 30 has 2 slots: both taken (full); the third subscription has expired.
  { userId: community(1), priceId: 30, purchasedDaysAgo: 5 },
  { userId: community(2), priceId: 30, purchasedDaysAgo: 9 },
  { userId: community(3), priceId: 30, purchasedDaysAgo: 50 },
  // Price 17 (25 visible slots) and price 18 (100 hidden slots) are partly taken.
  ...[4, 5, 6, 7, 8, 9, 10].map((index) => ({
    userId: community(index),
    priceId: 17,
    purchasedDaysAgo: 20 + index * 6,
  })),
  ...[11, 12, 13, 14, 15].map((index) => ({
    userId: community(index),
    priceId: 18,
    purchasedDaysAgo: index - 9,
  })),
];
