import { paymentEvents } from '@ember/db/schema/commerce';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestAppOn } from '../../../test-support/app-on-fake.ts';
import { asUser } from '../../../test-support/auth.ts';
import { startFakeStripe } from '../../../test-support/fake-stripe-server.ts';
import { expectLedgerClean, givenUser } from '../../../test-support/test-data.ts';
import {
  accountOf,
  deliverStripeEvent,
  givenProduct,
  openCheckout,
  orderRow,
  paymentsOf,
  placeOrder,
  postWebhook,
  stockOf,
} from './commerce.fixtures.ts';

// Races only real row locks settle (PostgreSQL only): concurrent orders against a small stock, and
// the same webhook delivered concurrently. Every answer is a success or a clear refusal, never a 500.

const { ctx, fake: stripe } = useTestAppOn(startFakeStripe, { PUBLIC_URL: 'http://shop.test' });

const tally = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, res) => {
    counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
    return counts;
  }, {});

describe('concurrent orders', () => {
  it('30 buyers ordering 3 units each of a stock of 40: exactly 13 orders, 1 unit left, never oversold', async () => {
    const product = await givenProduct(ctx, {
      kind: 'GP',
      stock: 40,
      pricePerUnit: 100,
      unitSize: 1_000_000,
      priceUnit: '1M GP',
    });
    const buyers = await Promise.all(Array.from({ length: 30 }, () => givenUser(ctx)));
    const responses = await Promise.all(
      buyers.map((buyer) => placeOrder(ctx, buyer.id, { amount: 3, productId: product.id })),
    );
    expect(tally(responses)).toEqual({ 201: 13, 409: 17 });
    const refusals = responses.filter((res) => res.statusCode === 409).map((res) => res.json().message);
    expect(new Set(refusals)).toEqual(new Set(['Only 1 left in stock.']));
    expect(await stockOf(ctx, product.id)).toBe(1);
  });

  it('30 buyers ordering the last 30 units at once all get one, and the next order is refused', async () => {
    const product = await givenProduct(ctx, {
      kind: 'GP',
      stock: 30,
      pricePerUnit: 100,
      unitSize: 1_000_000,
      priceUnit: '1M GP',
    });
    const buyers = await Promise.all(Array.from({ length: 30 }, () => givenUser(ctx)));
    const orders = await Promise.all(
      buyers.map((buyer) => placeOrder(ctx, buyer.id, { amount: 1, productId: product.id })),
    );
    expect(tally(orders)).toEqual({ 201: 30 });
    expect(await stockOf(ctx, product.id)).toBe(0);
    const late = await placeOrder(ctx, buyers[0]?.id ?? 0, { amount: 1, productId: product.id });
    expect(late.statusCode).toBe(409);
  });
});

describe('concurrent webhooks', () => {
  it('the same checkout.session.completed delivered 20 times at once fulfils once', async () => {
    const buyer = await givenUser(ctx);
    const order = (await placeOrder(ctx, buyer.id, { amount: 1_000, productId: 1 })).json();
    const sessionId = String((await openCheckout(ctx, buyer.id, order.id)).json().paymentId);
    stripe.pay(sessionId);
    const event = stripe.event('checkout.session.completed', stripe.sessions.get(sessionId) ?? {});
    const payload = JSON.stringify(event);
    const signature = stripe.sign(payload);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        postWebhook(ctx, 'stripe', payload, { 'stripe-signature': signature }),
      ),
    );
    expect(tally(responses)).toEqual({ 200: 20 });
    expect(responses.filter((res) => res.json().result === 'applied')).toHaveLength(1);
    expect((await accountOf(ctx, buyer.id)).balance).toBe(1_000);
    expect((await orderRow(ctx, order.id)).status).toBe('completed');
    expect(
      await ctx.database.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, String(event.id))),
    ).toHaveLength(1);
    await expectLedgerClean(ctx);
  });

  it('different events paying the same session at once (completed, async succeeded, return-page checks) fulfil once', async () => {
    const buyer = await givenUser(ctx);
    const order = (await placeOrder(ctx, buyer.id, { amount: 2_000, productId: 1 })).json();
    const sessionId = String((await openCheckout(ctx, buyer.id, order.id)).json().paymentId);
    stripe.pay(sessionId);
    const session = stripe.sessions.get(sessionId) ?? {};
    const events = Array.from({ length: 10 }, (_, i) =>
      stripe.event(
        i % 2 ? 'checkout.session.async_payment_succeeded' : 'checkout.session.completed',
        session,
      ),
    );
    const { headersFor } = await import('../../../test-support/auth.ts');
    const headers = await headersFor(ctx, buyer.id);
    const responses = await Promise.all([
      ...events.map((event) => deliverStripeEvent(ctx, stripe, event)),
      ...Array.from({ length: 5 }, () =>
        ctx.app.inject({ method: 'POST', url: `/api/commerce/orders/${order.id}/check`, headers }),
      ),
    ]);
    expect(tally(responses)).toEqual({ 200: 15 });
    expect((await accountOf(ctx, buyer.id)).balance).toBe(2_000);
    await expectLedgerClean(ctx);
  });
});

describe('concurrent outcomes of one attempt (issue 24, item 7)', () => {
  it('a failure delivered with the payment never overwrites paid on the attempt: it is re-read under the order lock', async () => {
    const bought = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const buyer = await givenUser(ctx);
        const order = (await placeOrder(ctx, buyer.id, { amount: 1_000, productId: 1 })).json();
        const sessionId = String((await openCheckout(ctx, buyer.id, order.id)).json().paymentId);
        return { buyer, order, sessionId };
      }),
    );
    const deliver = (event: Record<string, unknown>) => deliverStripeEvent(ctx, stripe, event);
    const responses = await Promise.all(
      bought.flatMap(({ sessionId }) => {
        stripe.pay(sessionId);
        const session = stripe.sessions.get(sessionId) ?? {};
        return [
          deliver(stripe.event('checkout.session.completed', session)),
          ...Array.from({ length: 3 }, () =>
            deliver(stripe.event('checkout.session.async_payment_failed', session)),
          ),
        ];
      }),
    );
    expect(tally(responses)).toEqual({ 200: responses.length });
    for (const { buyer, order } of bought) {
      expect((await paymentsOf(ctx, order.id)).map((row) => row.status)).toEqual(['paid']);
      expect((await orderRow(ctx, order.id)).status).toBe('completed');
      expect((await accountOf(ctx, buyer.id)).balance).toBe(1_000);
    }
    await expectLedgerClean(ctx);
  });
});

describe('concurrent staff and buyer actions', () => {
  it('10 concurrent completes of one GP-paid order deliver its credits once', async () => {
    const product = await givenProduct(ctx, { paymentProcessor: 'GP', currency: 'GP', pricePerUnit: 40_000 });
    const buyer = await givenUser(ctx);
    const order = (await placeOrder(ctx, buyer.id, { amount: 250, productId: product.id })).json();
    const headers = await asUser(ctx, 'payments');
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.app.inject({ method: 'PUT', url: `/api/commerce/orders/${order.id}/complete`, headers }),
      ),
    );
    expect(tally(responses)).toEqual({ 200: 10 });
    expect((await accountOf(ctx, buyer.id)).balance).toBe(250);
    await expectLedgerClean(ctx);
  });

  it('10 concurrent checkouts of one order open one attempt', async () => {
    const buyer = await givenUser(ctx);
    const order = (await placeOrder(ctx, buyer.id, { amount: 500, productId: 1 })).json();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => openCheckout(ctx, buyer.id, order.id)),
    );
    expect(tally(responses)).toEqual({ 201: 10 });
    expect(new Set(responses.map((res) => res.headers.location)).size).toBe(1);
    expect(await paymentsOf(ctx, order.id)).toHaveLength(1);
  });
});
