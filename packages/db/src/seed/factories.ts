import { priceOrder } from '@ember/contracts/pricing';
import type { NewPlan, NewPrice } from '../schema/catalog.ts';
import type { NewBulkDiscount, NewOrder, NewProduct } from '../schema/commerce.ts';
import type { NewPlugin, NewPluginLink, NewRepository } from '../schema/delivery.ts';
import type { NewDiscountCode } from '../schema/discount-codes.ts';
import type { NewPayout } from '../schema/payouts.ts';
import type { NewClientSession, NewSessionLog } from '../schema/sessions.ts';
import type { NewSubscription } from '../schema/subscriptions.ts';
import type { NewUser } from '../schema/users.ts';
import type { NewVote } from '../schema/votes.ts';

// Row builders shared by the seed and the tests: each returns an insertable row with sensible
// defaults; pass overrides for what the caller cares about. Unique fields come from a counter,
// so rows built in one process never collide (and never collide with seeded discord ids).

let sequence = 0;
const next = () => ++sequence;

const DAY_MS = 86_400_000;

export function makeUser(overrides: Partial<NewUser> = {}): NewUser {
  const n = next();
  return {
    discordId: (900_000_000_000_000_000n + BigInt(n)).toString(),
    username: `user${n}`,
    displayName: `User ${n}`,
    roles: ['CUSTOMER'],
    ...overrides,
  };
}

export function makePlan(overrides: Partial<NewPlan> & Pick<NewPlan, 'ownerId'>): NewPlan {
  const n = next();
  return {
    name: `Test Plan ${n}`,
    description: `Description of test plan ${n}.`,
    tags: [],
    ...overrides,
  };
}

/** A live price (enabled, visible); the database defaults describe a freshly created draft instead. */
export function makePrice(overrides: Partial<NewPrice> & Pick<NewPrice, 'planId'>): NewPrice {
  return {
    name: 'Monthly',
    period: 'MONTHLY',
    price: 500,
    enabled: true,
    hidden: false,
    ...overrides,
  };
}

export function makeDiscountCode(
  overrides: Partial<NewDiscountCode> & Pick<NewDiscountCode, 'priceId'>,
): NewDiscountCode {
  return {
    id: `CODE${next()}`,
    discountPercent: 10,
    validUntil: new Date(Date.now() + 30 * DAY_MS),
    ...overrides,
  };
}

/** An active 30-day subscription starting now unless overridden. */
export function makeSubscription(
  overrides: Partial<NewSubscription> & Pick<NewSubscription, 'userId' | 'planId' | 'priceId'>,
): NewSubscription {
  const start = overrides.startDate ?? new Date();
  return {
    purchaseDate: start,
    startDate: start,
    expireDate: new Date(start.getTime() + 30 * DAY_MS),
    purchasePrice: 0,
    ...overrides,
  };
}

export function makeRepository(
  overrides: Partial<NewRepository> & Pick<NewRepository, 'ownerId'>,
): NewRepository {
  return { url: `https://github.com/test-owner/plugins-${next()}`, obfuscation: 'NONE', ...overrides };
}

export function makePlugin(overrides: Partial<NewPlugin> & Pick<NewPlugin, 'repositoryId'>): NewPlugin {
  const n = next();
  return { name: `Test Plugin ${n}`, description: `Plugin ${n}`, version: '1.0.0', ...overrides };
}

export function makePluginLink(
  overrides: Partial<NewPluginLink> & Pick<NewPluginLink, 'priceId' | 'pluginId'>,
): NewPluginLink {
  return { sessionLimit: 1, ...overrides };
}

export function makeProduct(overrides: Partial<NewProduct> = {}): NewProduct {
  return {
    kind: 'CREDITS',
    name: `Credits ${next()}`,
    paymentProcessor: 'STRIPE',
    currency: 'EUR',
    pricePerUnit: 1,
    priceUnit: 'credit',
    unitSize: 1,
    minimumPurchase: 1,
    ...overrides,
  };
}

export function makeBulkDiscount(
  overrides: Partial<NewBulkDiscount> & Pick<NewBulkDiscount, 'productId'>,
): NewBulkDiscount {
  return { discountThreshold: 1000, extraAmount: 50, ...overrides };
}

/** An order whose snapshot fields and total are derived from `product` (spec §9's priceOrder: discount applied, rounded). */
export function makeOrder(
  product: Pick<NewProduct, 'name' | 'paymentProcessor' | 'currency' | 'pricePerUnit' | 'discountPercent'> & {
    id: number;
  },
  overrides: Partial<NewOrder> & Pick<NewOrder, 'buyerId'>,
): NewOrder {
  const amount = overrides.amount ?? 1;
  const discountPercent = overrides.discountPercent ?? product.discountPercent ?? 0;
  return {
    productId: product.id,
    productName: product.name,
    paymentProcessor: product.paymentProcessor,
    currency: product.currency,
    amount,
    unitPrice: product.pricePerUnit,
    discountPercent,
    total: priceOrder({ pricePerUnit: product.pricePerUnit, discountPercent, bulkDiscounts: [] }, amount)
      .total,
    status: 'pending',
    ...overrides,
  };
}

export function makePayout(overrides: Partial<NewPayout> & Pick<NewPayout, 'userId'>): NewPayout {
  return { amount: 1000, description: 'Payout request', ...overrides };
}

export function makeClientSession(
  overrides: Partial<NewClientSession> & Pick<NewClientSession, 'userId'>,
): NewClientSession {
  return { pluginId: 0, pluginName: 'Client', ...overrides };
}

/** A session's log row; it started at its last update unless told otherwise. */
export function makeSessionLog(
  overrides: Partial<NewSessionLog> & Pick<NewSessionLog, 'userId' | 'sessionId'>,
): NewSessionLog {
  const lastUpdate = overrides.lastUpdate ?? new Date();
  return {
    pluginId: 0,
    pluginName: 'Client',
    exceeded: false,
    startedAt: lastUpdate,
    lastUpdate,
    ...overrides,
  };
}

export function makeVote(overrides: Partial<NewVote> & Pick<NewVote, 'userId'>): NewVote {
  return { rewardHours: 2, extraSessions: 1, ...overrides };
}
