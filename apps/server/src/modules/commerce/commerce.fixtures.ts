import { bulkDiscounts, type NewProduct, orders, payments, products } from '@ember/db/schema/commerce';
import { users } from '@ember/db/schema/users';
import { makeBulkDiscount, makeProduct } from '@ember/db/seed/factories';
import { eq } from 'drizzle-orm';
import { headersFor } from '../../../test-support/auth.ts';
import type { FakeBtcpay } from '../../../test-support/fake-btcpay-server.ts';
import type { FakeStripe } from '../../../test-support/fake-stripe-server.ts';
import type { TestContext } from '../../../test-support/test-app.ts';
import { resolvePaymentGateways } from '../../integrations/payments/payment-gateways.ts';
import { createWalletService } from '../wallet/wallet.service.ts';
import { createFulfilment } from './fulfilment.ts';
import { createPaymentsService } from './payments.service.ts';
import { sandboxOutcomeOf } from './sandbox-attempts.ts';

// Builders for the commerce tests: products straight into the database, orders and payments
// through the API as a browser would make them.

export const COMMERCE = '/api/commerce';

export async function givenProduct(
  ctx: TestContext,
  overrides: Partial<NewProduct> = {},
  tiers: { discountThreshold: number; extraAmount: number }[] = [],
) {
  const [product] = await ctx.database.db.insert(products).values(makeProduct(overrides)).returning();
  if (!product) throw new Error('no product inserted');
  if (tiers.length) {
    await ctx.database.db
      .insert(bulkDiscounts)
      .values(tiers.map((tier) => makeBulkDiscount({ productId: product.id, ...tier })));
  }
  return product;
}

export async function placeOrder(ctx: TestContext, userId: number, body: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: `${COMMERCE}/orders`,
    headers: await headersFor(ctx, userId),
    payload: body,
  });
}

export async function openCheckout(ctx: TestContext, userId: number, orderId: number) {
  return ctx.app.inject({
    method: 'POST',
    url: `${COMMERCE}/payments?orderId=${orderId}`,
    headers: await headersFor(ctx, userId),
  });
}

export async function orderRow(ctx: TestContext, id: number) {
  const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`No order ${id}`);
  return row;
}

export async function paymentsOf(ctx: TestContext, orderId: number) {
  return ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
}

export async function stockOf(ctx: TestContext, productId: number) {
  const [row] = await ctx.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row?.stock ?? null;
}

export async function accountOf(ctx: TestContext, userId: number) {
  const [row] = await ctx.database.db
    .select({ balance: users.balance, vipUntil: users.vipUntil, roles: users.roles, heldAt: users.heldAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new Error(`No user ${userId}`);
  return row;
}

/**
 * The order expiry sweep as the commerce job runs it, wired like the app (its processors from the
 * app's env), so tests run it at a time of their choosing.
 */
export function expirySweep(ctx: TestContext, warnings: string[] = []) {
  const db = ctx.database.db;
  const gateways = resolvePaymentGateways(ctx.env, {
    clock: () => new Date(),
    findSandboxOutcome: (providerId) => sandboxOutcomeOf(db, providerId),
  });
  const payments = createPaymentsService({
    db,
    clock: () => new Date(),
    gateways,
    fulfilment: createFulfilment({ wallet: createWalletService({ db }) }),
    publicUrl: ctx.env.PUBLIC_URL,
    orderExpiryMinutes: ctx.env.ORDER_EXPIRY_MINUTES,
    present: async () => {
      throw new Error('not used by the sweep');
    },
    warn: (message) => warnings.push(message),
  });
  return (now: Date, expiryMinutes = ctx.env.ORDER_EXPIRY_MINUTES) =>
    payments.expireUnpaid(now, expiryMinutes);
}

/** A raw POST to a processor's webhook: this body, with these signature headers (or none). */
export function postWebhook(
  ctx: TestContext,
  processor: 'stripe' | 'btcpay',
  payload: string,
  signature: Record<string, string> = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/webhooks/${processor}`,
    headers: { 'content-type': 'application/json', ...signature },
    payload,
  });
}

/** A Stripe event delivered to the webhook, signed by the fake Stripe as Stripe signs it. */
export function deliverStripeEvent(
  ctx: TestContext,
  stripe: Pick<FakeStripe, 'sign'>,
  event: Record<string, unknown>,
) {
  const payload = JSON.stringify(event);
  return postWebhook(ctx, 'stripe', payload, { 'stripe-signature': stripe.sign(payload) });
}

/** A BTCPay delivery sent to the webhook, signed (BTCPay-Sig) by the fake BTCPay. */
export function deliverBtcpay(ctx: TestContext, btcpay: Pick<FakeBtcpay, 'sign'>, delivery: object) {
  const payload = JSON.stringify(delivery);
  return postWebhook(ctx, 'btcpay', payload, { 'btcpay-sig': btcpay.sign(payload) });
}
