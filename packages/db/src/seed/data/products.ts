import type { NewProduct } from '../../schema/commerce.ts';

export interface ProductSeed extends Omit<NewProduct, 'id'> {
  id: number;
  bulkDiscounts: readonly { discountThreshold: number; extraAmount: number }[];
}

/** GP per credit at 0.25 EUR per million GP: 1 / (0.25 * 100) * 1,000,000 (spec §9). */
const GP_PER_CREDIT = 40_000;
const VIP_MONTH_CENTS = 1500;

/**
 * Credits, GP and VIP, each on every processor that makes sense. GP is not sold for GP, so the GP
 * processor offers credits and VIP only.
 */
export const PRODUCT_SEEDS: readonly ProductSeed[] = [
  {
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
    bulkDiscounts: [
      { discountThreshold: 5_000, extraAmount: 250 },
      { discountThreshold: 10_000, extraAmount: 750 },
      { discountThreshold: 25_000, extraAmount: 2_500 },
    ],
  },
  {
    id: 2,
    kind: 'CREDITS',
    name: 'Credits (crypto)',
    description: 'Credits paid in crypto, 5% cheaper.',
    paymentProcessor: 'CRYPTO',
    currency: 'EUR',
    pricePerUnit: 1,
    priceUnit: 'credit',
    unitSize: 1,
    minimumPurchase: 500,
    maximumPurchase: 100_000,
    discountPercent: 5,
    bulkDiscounts: [{ discountThreshold: 10_000, extraAmount: 500 }],
  },
  {
    id: 3,
    kind: 'CREDITS',
    name: 'Credits (GP)',
    description: 'Credits paid in gold, handed to our staff in game.',
    paymentProcessor: 'GP',
    currency: 'GP',
    pricePerUnit: GP_PER_CREDIT,
    priceUnit: 'credit',
    unitSize: 1,
    minimumPurchase: 500,
    maximumPurchase: 50_000,
    bulkDiscounts: [{ discountThreshold: 10_000, extraAmount: 500 }],
  },
  {
    id: 4,
    kind: 'GP',
    name: 'GP',
    description: 'In-game gold delivered by our staff, per million.',
    paymentProcessor: 'STRIPE',
    currency: 'EUR',
    pricePerUnit: 25,
    priceUnit: '1M GP',
    unitSize: 1_000_000,
    minimumPurchase: 10,
    maximumPurchase: 2_000,
    stock: 2_500,
    bulkDiscounts: [
      { discountThreshold: 500, extraAmount: 25 },
      { discountThreshold: 1_000, extraAmount: 75 },
    ],
  },
  {
    id: 5,
    kind: 'GP',
    name: 'GP (crypto)',
    description: 'In-game gold paid in crypto, per million.',
    paymentProcessor: 'CRYPTO',
    currency: 'EUR',
    pricePerUnit: 24,
    priceUnit: '1M GP',
    unitSize: 1_000_000,
    minimumPurchase: 10,
    maximumPurchase: 1_000,
    stock: 800,
    bulkDiscounts: [{ discountThreshold: 500, extraAmount: 25 }],
  },
  {
    id: 6,
    kind: 'VIP',
    name: 'VIP',
    description: 'Unlimited sessions and VIP-only plugins, per month.',
    paymentProcessor: 'STRIPE',
    currency: 'EUR',
    pricePerUnit: VIP_MONTH_CENTS,
    priceUnit: 'month',
    unitSize: 30,
    minimumPurchase: 1,
    maximumPurchase: 12,
    bulkDiscounts: [
      { discountThreshold: 6, extraAmount: 1 },
      { discountThreshold: 12, extraAmount: 3 },
    ],
  },
  {
    id: 7,
    kind: 'VIP',
    name: 'VIP (crypto)',
    description: 'VIP paid in crypto, 10% cheaper.',
    paymentProcessor: 'CRYPTO',
    currency: 'EUR',
    pricePerUnit: VIP_MONTH_CENTS,
    priceUnit: 'month',
    unitSize: 30,
    minimumPurchase: 1,
    maximumPurchase: 12,
    discountPercent: 10,
    bulkDiscounts: [{ discountThreshold: 12, extraAmount: 2 }],
  },
  {
    id: 8,
    kind: 'VIP',
    name: 'VIP (GP)',
    description: 'VIP paid in gold, handed to our staff in game.',
    paymentProcessor: 'GP',
    currency: 'GP',
    pricePerUnit: GP_PER_CREDIT * VIP_MONTH_CENTS,
    priceUnit: 'month',
    unitSize: 30,
    minimumPurchase: 1,
    maximumPurchase: 6,
    bulkDiscounts: [{ discountThreshold: 6, extraAmount: 1 }],
  },
];
