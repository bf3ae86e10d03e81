import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeBtcpay, startFakeBtcpay } from '../../../test-support/fake-btcpay-server.ts';
import { type FakeStripe, startFakeStripe } from '../../../test-support/fake-stripe-server.ts';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { expectLedgerClean, givenUser } from '../../../test-support/test-data.ts';
import {
  accountOf,
  deliverStripeEvent,
  openCheckout,
  orderRow,
  paymentsOf,
  placeOrder,
} from './commerce.fixtures.ts';

// A checkout opened, retried or double-clicked more than 30 minutes after the order was placed
// (issue 24, item 6): the attempt's expires_at is fixed once, so Stripe only ever sees its
// idempotency key with the same parameters. The clock ticks a second on every reading, as real
// time does between a double click's two requests.

let ctx: TestContext;
let stripe: FakeStripe;
let btcpay: FakeBtcpay;
let offsetMs = 0;
let ticking = false;
const clock = () => {
  if (ticking) offsetMs += 1_000;
  return new Date(Date.now() + offsetMs);
};

beforeAll(async () => {
  stripe = await startFakeStripe({ clock });
  btcpay = await startFakeBtcpay({ clock });
  ctx = await createTestApp(
    { ...stripe.env, ...btcpay.env, PUBLIC_URL: 'http://shop.test', ORDER_EXPIRY_MINUTES: '30' },
    { clock },
  );
});

beforeEach(() => {
  offsetMs = 0;
});

afterEach(async () => {
  await expectLedgerClean(ctx);
});

afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
  await btcpay?.close();
});

const deliver = (event: Record<string, unknown>) => deliverStripeEvent(ctx, stripe, event);

describe('checkouts after 30 minutes', () => {
  it('a double click 31 minutes after the order opens one checkout, and Stripe sees the key with the same parameters', async () => {
    const buyer = await givenUser(ctx);
    const order = (await placeOrder(ctx, buyer.id, { amount: 1_000, productId: 1 })).json();
    offsetMs += 31 * 60_000;
    ticking = true;
    const calls = stripe.created.length;
    const [first, second] = await Promise.all([
      openCheckout(ctx, buyer.id, order.id),
      openCheckout(ctx, buyer.id, order.id),
    ]);
    ticking = false;
    expect([first?.statusCode, second?.statusCode]).toEqual([201, 201]);
    expect(first?.json().paymentId).toBe(second?.json().paymentId);
    const sent = stripe.created.slice(calls);
    expect(sent.every((call) => call.status === 200)).toBe(true);
    expect(new Set(sent.map((call) => call.idempotencyKey)).size).toBe(1);
    expect((await paymentsOf(ctx, order.id)).map((row) => row.status)).toEqual(['open']);
  });

  it('a retried checkout after a failed attempt, 30 minutes on, opens and is paid', async () => {
    const buyer = await givenUser(ctx);
    const order = (await placeOrder(ctx, buyer.id, { amount: 1_000, productId: 1 })).json();
    const attempt = String((await openCheckout(ctx, buyer.id, order.id)).json().paymentId);
    stripe.pay(attempt, { paymentStatus: 'unpaid' });
    await deliver(stripe.event('checkout.session.completed', stripe.sessions.get(attempt) ?? {}));
    await deliver(stripe.event('checkout.session.async_payment_failed', stripe.settleAsync(attempt, false)));
    expect((await orderRow(ctx, order.id)).status).toBe('failed');

    offsetMs += 31 * 60_000;
    ticking = true;
    const retried = await openCheckout(ctx, buyer.id, order.id);
    ticking = false;
    expect(retried.statusCode).toBe(201);
    const sessionId = String(retried.json().paymentId);
    expect(sessionId).not.toBe(attempt);
    stripe.pay(sessionId);
    await deliver(stripe.event('checkout.session.completed', stripe.sessions.get(sessionId) ?? {}));
    expect((await orderRow(ctx, order.id)).status).toBe('completed');
    expect((await accountOf(ctx, buyer.id)).balance).toBe(1_000);
    await expectLedgerClean(ctx);
  });

  it('a BTCPay invoice lasts as long as the attempt by the store’s clock, not the machine’s', async () => {
    offsetMs = 40 * 60_000;
    const buyer = await givenUser(ctx);
    const order = (await placeOrder(ctx, buyer.id, { amount: 1_000, productId: 2 })).json();
    expect((await openCheckout(ctx, buyer.id, order.id)).statusCode).toBe(201);
    // 45 minutes ahead of the store's clock (rounded up to the minute), not 85 by the machine's.
    const checkout = (btcpay.created.at(-1)?.checkout ?? {}) as { expirationMinutes?: number };
    const minutes = Number(checkout.expirationMinutes);
    expect(minutes).toBeGreaterThanOrEqual(45);
    expect(minutes).toBeLessThanOrEqual(46);
  });
});
