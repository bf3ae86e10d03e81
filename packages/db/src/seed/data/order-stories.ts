import type { OrderStatus } from '@ember/contracts/enums';
import { DEMO_USER_IDS as U } from '../../demo/demo-accounts.ts';

export interface OrderStory {
  id: number;
  buyerId: number;
  productId: number;
  amount: number;
  status: OrderStatus;
  minutesAgo: number;
  extraInfo?: string;
  /** For orders a payments user finished by hand (GP deliveries, GP payments). */
  completedById?: number;
}

const DAY = 24 * 60;

/** Orders in every status, on every product kind and processor. Product ids follow products.ts. */
export const ORDER_STORIES: readonly OrderStory[] = [
  { id: 1, buyerId: U.customer, productId: 1, amount: 2_000, status: 'completed', minutesAgo: 30 * DAY },
  { id: 2, buyerId: U.vip, productId: 2, amount: 10_000, status: 'completed', minutesAgo: 20 * DAY },
  {
    id: 3,
    buyerId: U.customer,
    productId: 3,
    amount: 1_000,
    status: 'pending',
    minutesAgo: 2 * 60,
    extraInfo: 'In-game name: Casey Cust, world 420',
  },
  { id: 4, buyerId: U.customer, productId: 6, amount: 1, status: 'awaiting_payment', minutesAgo: 10 },
  {
    id: 5,
    buyerId: U.premium,
    productId: 4,
    amount: 500,
    status: 'payment_received',
    minutesAgo: 3 * 60,
    extraInfo: 'In-game name: PriyaPvM',
  },
  {
    id: 6,
    buyerId: U.vip,
    productId: 5,
    amount: 100,
    status: 'processing',
    minutesAgo: 45,
    extraInfo: 'In-game name: Vera V',
  },
  { id: 7, buyerId: U.customer, productId: 1, amount: 500, status: 'failed', minutesAgo: 5 * DAY },
  { id: 8, buyerId: U.admin, productId: 2, amount: 1_000, status: 'cancelled', minutesAgo: 12 * DAY },
  {
    id: 9,
    buyerId: U.staff,
    productId: 6,
    amount: 1,
    status: 'disputed',
    minutesAgo: 25 * DAY,
    extraInfo: 'Chargeback opened by the card issuer',
  },
  { id: 10, buyerId: U.payments, productId: 7, amount: 1, status: 'expired', minutesAgo: 8 * DAY },
  { id: 11, buyerId: U.vip, productId: 6, amount: 3, status: 'completed', minutesAgo: 40 * DAY },
  {
    id: 12,
    buyerId: U.customer,
    productId: 8,
    amount: 1,
    status: 'completed',
    minutesAgo: 100 * DAY,
    extraInfo: 'In-game name: Casey Cust',
    completedById: U.payments,
  },
  {
    id: 13,
    buyerId: U.premium,
    productId: 4,
    amount: 200,
    status: 'completed',
    minutesAgo: 15 * DAY,
    extraInfo: 'In-game name: PriyaPvM',
    completedById: U.payments,
  },
  { id: 14, buyerId: U.developer, productId: 1, amount: 5_000, status: 'completed', minutesAgo: 50 * DAY },
  { id: 15, buyerId: U.banned, productId: 1, amount: 500, status: 'completed', minutesAgo: 210 * DAY },
];
