import { ORDER_NOT_CANCELLABLE_MESSAGE, type OrderResponse } from '@ember/contracts/commerce';
import { auditEvents } from '@ember/db/schema/audit';
import { orders } from '@ember/db/schema/commerce';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeTestAppOn, createTestAppOn } from '../../../test-support/app-on-fake.ts';
import { headersFor } from '../../../test-support/auth.ts';
import { type FakeStripe, startFakeStripe } from '../../../test-support/fake-stripe-server.ts';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { expectLedgerClean, givenUser } from '../../../test-support/test-data.ts';
import { REFUSAL_MESSAGES } from '../../policy/refusals.ts';
import {
  accountOf,
  COMMERCE,
  givenProduct,
  openCheckout,
  orderRow,
  paymentsOf,
  placeOrder,
  stockOf,
} from './commerce.fixtures.ts';

// Issue 26, item 1: the buyer cancels an order not paid yet. Its stock comes back at once, its
// open checkout is closed at the processor (so it can no longer be paid), nothing is left awaiting
// payment; cancelling again changes nothing; someone else's order and a paid one are refused.

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'http://shop.test', ORDER_EXPIRY_MINUTES: '60' });
});

afterEach(async () => {
  await expectLedgerClean(ctx);
});

afterAll(async () => {
  await ctx?.close();
});

async function cancel(c: TestContext, userId: number, orderId: number) {
  return c.app.inject({
    method: 'PUT',
    url: `${COMMERCE}/orders/${orderId}/cancel`,
    headers: await headersFor(c, userId),
  });
}

async function myOrders(c: TestContext, userId: number): Promise<OrderResponse[]> {
  const res = await c.app.inject({
    method: 'GET',
    url: `${COMMERCE}/orders/my`,
    headers: await headersFor(c, userId),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The audit trail's order:cancel events of an order. */
const cancelAuditOf = (orderId: number) =>
  ctx.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'order:cancel'), eq(auditEvents.targetId, String(orderId))));

/** A stocked crypto GP product, as in the issue: 800 units of stock. */
const stockedGp = () =>
  givenProduct(ctx, {
    kind: 'GP',
    paymentProcessor: 'CRYPTO',
    stock: 800,
    unitSize: 1_000_000,
    priceUnit: '1M GP',
    pricePerUnit: 30,
  });

const sandboxPath = (location: string) => new URL(location).pathname;

describe('PUT orders/{id}/cancel', () => {
  it('cancels an order awaiting payment: stock back at once, checkout closed, nothing left awaiting', async () => {
    const product = await stockedGp();
    const buyer = await givenUser(ctx);
    const order = (await placeOrder(ctx, buyer.id, { amount: 300, productId: product.id })).json();
    const checkout = await openCheckout(ctx, buyer.id, order.id);
    expect(checkout.statusCode).toBe(201);
    expect(await stockOf(ctx, product.id)).toBe(500);
    const [awaiting] = await myOrders(ctx, buyer.id);
    expect(awaiting).toMatchObject({ id: order.id, orderStatus: 'awaiting_payment' });
    // An unpaid card or crypto order says when it expires: an hour after it was placed.
    expect(Date.parse(String(awaiting?.payBy)) - Date.parse(order.creationDate)).toBe(60 * 60_000);

    const res = await cancel(ctx, buyer.id, order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: order.id, orderStatus: 'cancelled', payBy: null });
    expect(await stockOf(ctx, product.id)).toBe(800);
    expect((await orderRow(ctx, order.id)).reservedStock).toBe(0);
    expect((await paymentsOf(ctx, order.id)).map((row) => row.status)).toEqual(['cancelled']);
    expect((await myOrders(ctx, buyer.id)).map((row) => row.orderStatus)).toEqual(['cancelled']);

    // The sandbox page no longer takes the payment: Pay changes nothing.
    const page = await ctx.app.inject({ method: 'GET', url: sandboxPath(String(checkout.headers.location)) });
    expect(page.body).not.toContain('Pay €');
    await ctx.app.inject({ method: 'POST', url: `${sandboxPath(String(checkout.headers.location))}/pay` });
    expect((await orderRow(ctx, order.id)).status).toBe('cancelled');
    expect(await stockOf(ctx, product.id)).toBe(800);

    const audit = await cancelAuditOf(order.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: buyer.id, before: { status: 'awaiting_payment' } });
  });

  it('is idempotent: cancelling again answers the cancelled order and changes nothing', async () => {
    const product = await stockedGp();
    const buyer = await givenUser(ctx);
    const order = (await placeOrder(ctx, buyer.id, { amount: 100, productId: product.id })).json();
    // Never opened a checkout (pending): cancelled all the same.
    expect((await cancel(ctx, buyer.id, order.id)).json()).toMatchObject({ orderStatus: 'cancelled' });
    const again = await cancel(ctx, buyer.id, order.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ orderStatus: 'cancelled' });
    expect(await stockOf(ctx, product.id)).toBe(800);
    const audit = await cancelAuditOf(order.id);
    expect(audit).toHaveLength(1);
  });

  it("refuses someone else's order (403) and leaves it as it was", async () => {
    const product = await stockedGp();
    const buyer = await givenUser(ctx);
    const stranger = await givenUser(ctx);
    const order = (await placeOrder(ctx, buyer.id, { amount: 50, productId: product.id })).json();
    await openCheckout(ctx, buyer.id, order.id);
    const res = await cancel(ctx, stranger.id, order.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: REFUSAL_MESSAGES.NOT_YOURS });
    expect((await orderRow(ctx, order.id)).status).toBe('awaiting_payment');
    expect(await stockOf(ctx, product.id)).toBe(750);
    expect(
      (await ctx.app.inject({ method: 'PUT', url: `${COMMERCE}/orders/${order.id}/cancel` })).statusCode,
    ).toBe(401);
  });

  it('refuses a paid order with 409 and a clear message; a completed one too', async () => {
    const buyer = await givenUser(ctx);
    const order = (await placeOrder(ctx, buyer.id, { amount: 1_000, productId: 1 })).json();
    const checkout = String((await openCheckout(ctx, buyer.id, order.id)).headers.location);
    await ctx.app.inject({ method: 'POST', url: `${sandboxPath(checkout)}/pay` });
    expect((await orderRow(ctx, order.id)).status).toBe('completed');

    const res = await cancel(ctx, buyer.id, order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: ORDER_NOT_CANCELLABLE_MESSAGE });
    expect((await orderRow(ctx, order.id)).status).toBe('completed');
    expect((await accountOf(ctx, buyer.id)).balance).toBe(1_000);
  });

  it('cancels an order paid in GP still waiting for the trade (it would otherwise hold its stock for good)', async () => {
    const product = await givenProduct(ctx, {
      paymentProcessor: 'GP',
      currency: 'GP',
      pricePerUnit: 40_000,
      stock: 10,
    });
    const buyer = await givenUser(ctx);
    const order = (await placeOrder(ctx, buyer.id, { amount: 4, productId: product.id })).json();
    expect(order).toMatchObject({ orderStatus: 'pending', payBy: null });
    expect(await stockOf(ctx, product.id)).toBe(6);
    expect((await cancel(ctx, buyer.id, order.id)).json()).toMatchObject({ orderStatus: 'cancelled' });
    expect(await stockOf(ctx, product.id)).toBe(10);
  });

  it('an expired order stays expired (200, nothing to release)', async () => {
    const product = await stockedGp();
    const buyer = await givenUser(ctx);
    const order = (await placeOrder(ctx, buyer.id, { amount: 10, productId: product.id })).json();
    await ctx.database.db
      .update(orders)
      .set({ status: 'expired', reservedStock: 0 })
      .where(eq(orders.id, order.id));
    const res = await cancel(ctx, buyer.id, order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ orderStatus: 'expired', payBy: null });
  });
});

describe('POST orders/{id}/check past the pay-by time', () => {
  it('expires the unpaid order at once (stock back, checkout closed) instead of waiting for the sweep', async () => {
    const product = await stockedGp();
    const buyer = await givenUser(ctx);
    const order = (await placeOrder(ctx, buyer.id, { amount: 100, productId: product.id })).json();
    await openCheckout(ctx, buyer.id, order.id);
    const check = async () =>
      ctx.app.inject({
        method: 'POST',
        url: `${COMMERCE}/orders/${order.id}/check`,
        headers: await headersFor(ctx, buyer.id),
      });
    // Before its pay-by time: still awaiting payment.
    expect((await check()).json()).toMatchObject({ orderStatus: 'awaiting_payment' });
    await ctx.database.db
      .update(orders)
      .set({ creationDate: new Date(Date.now() - 61 * 60_000) })
      .where(eq(orders.id, order.id));
    expect((await check()).json()).toMatchObject({ orderStatus: 'expired', payBy: null });
    expect((await paymentsOf(ctx, order.id)).map((row) => row.status)).toEqual(['expired']);
    expect(await stockOf(ctx, product.id)).toBe(800);
  });
});

describe('cancelling with Stripe', () => {
  let stripe: FakeStripe;
  let withStripe: TestContext;

  beforeAll(async () => {
    ({ ctx: withStripe, fake: stripe } = await createTestAppOn(await startFakeStripe(), {
      PUBLIC_URL: 'http://shop.test',
    }));
  });

  afterAll(() => closeTestAppOn({ ctx: withStripe, fake: stripe }));

  it('expires the Checkout Session at Stripe, so it can no longer be paid', async () => {
    const buyer = await givenUser(withStripe);
    const order = (await placeOrder(withStripe, buyer.id, { amount: 1_000, productId: 1 })).json();
    const providerId = String((await openCheckout(withStripe, buyer.id, order.id)).json().paymentId);
    const res = await cancel(withStripe, buyer.id, order.id);
    expect(res.json()).toMatchObject({ orderStatus: 'cancelled' });
    expect(stripe.expiredByApi).toContain(providerId);
    expect(stripe.sessions.get(providerId)?.status).toBe('expired');
    expect(() => stripe.pay(providerId)).toThrow(/expired/);
  });

  it('a session paid before the cancel (webhook not in yet) is fulfilled, and the cancel is refused', async () => {
    const buyer = await givenUser(withStripe);
    const order = (await placeOrder(withStripe, buyer.id, { amount: 1_000, productId: 1 })).json();
    const providerId = String((await openCheckout(withStripe, buyer.id, order.id)).json().paymentId);
    stripe.pay(providerId);
    const res = await cancel(withStripe, buyer.id, order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: ORDER_NOT_CANCELLABLE_MESSAGE });
    expect(stripe.expiredByApi).not.toContain(providerId);
    expect((await orderRow(withStripe, order.id)).status).toBe('completed');
    expect((await accountOf(withStripe, buyer.id)).balance).toBe(1_000);
  });
});
