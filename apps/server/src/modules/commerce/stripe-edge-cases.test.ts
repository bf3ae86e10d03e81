import { auditEvents } from '@ember/db/schema/audit';
import { payments } from '@ember/db/schema/commerce';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestAppOn } from '../../../test-support/app-on-fake.ts';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { FAKE_STRIPE_KEYS, startFakeStripe } from '../../../test-support/fake-stripe-server.ts';
import { expectLedgerClean, givenUser } from '../../../test-support/test-data.ts';
import {
  accountOf,
  COMMERCE,
  deliverStripeEvent,
  givenProduct,
  openCheckout,
  orderRow,
  paymentsOf,
  placeOrder,
  stockOf,
} from './commerce.fixtures.ts';
import { moveOrder } from './order-transitions.ts';
import { lockOrder } from './orders.repository.ts';

// Stripe at the edges (issue 24, items 2, 3, 5, 8, 9, 10): amounts compared, only `paid` is
// paid, the delayed-payment path, disputes by status and amount, a won dispute, partial refunds,
// refunds for a payment intent not linked yet, and late payments whose stock is gone. Against the
// fake Stripe that refuses unknown parameters and compares idempotent replays.

const { ctx, fake: stripe } = useTestAppOn(startFakeStripe, { PUBLIC_URL: 'http://shop.test' });

afterEach(async () => {
  await expectLedgerClean(ctx);
});

const deliver = (event: Record<string, unknown>) => deliverStripeEvent(ctx, stripe, event);

const session = (sessionId: string) => stripe.sessions.get(sessionId) ?? {};

/** A buyer with an order of `credits` credits (product 1: 1 cent each) and an open Stripe checkout. */
async function checkout(credits: number, productId = 1) {
  const buyer = await givenUser(ctx);
  const order = (await placeOrder(ctx, buyer.id, { amount: credits, productId })).json();
  const opened = await openCheckout(ctx, buyer.id, order.id);
  expect(opened.statusCode).toBe(201);
  return { buyer, order, sessionId: String(opened.json().paymentId) };
}

/** A completed, paid and fulfilled checkout; answers its payment intent too. */
async function paidCheckout(credits: number) {
  const bought = await checkout(credits);
  const paymentIntent = stripe.pay(bought.sessionId);
  expect(
    (await deliver(stripe.event('checkout.session.completed', session(bought.sessionId)))).statusCode,
  ).toBe(200);
  expect((await accountOf(ctx, bought.buyer.id)).balance).toBe(credits);
  return { ...bought, paymentIntent };
}

const auditOf = (action: string, orderId: number) =>
  ctx.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, String(orderId))));

describe('Stripe completion', () => {
  it('a signed completion whose amount_total or currency is not the order’s fulfils nothing and flags the order for staff', async () => {
    const { buyer, order, sessionId } = await checkout(50_000);
    const delivered = order.amount + order.bonusAmount;
    stripe.pay(sessionId);
    const cheap = await deliver(
      stripe.event('checkout.session.completed', { ...session(sessionId), amount_total: 100 }),
    );
    expect(cheap.statusCode).toBe(200);
    const otherCurrency = await deliver(
      stripe.event('checkout.session.completed', { ...session(sessionId), currency: 'usd' }),
    );
    expect(otherCurrency.statusCode).toBe(200);
    expect((await accountOf(ctx, buyer.id)).balance).toBe(0);
    const row = await orderRow(ctx, order.id);
    expect(row.status).toBe('awaiting_payment');
    expect(row.needsStaffReason).toContain('100 EUR');
    expect(row.needsStaffReason).toContain(`${order.totalPrice} USD`);
    expect(await auditOf('order:needs-staff', order.id)).toHaveLength(2);
    // The real completion still fulfils.
    await deliver(stripe.event('checkout.session.completed', session(sessionId)));
    expect((await accountOf(ctx, buyer.id)).balance).toBe(delivered);
  });

  it('completed with payment_status unpaid waits; async_payment_succeeded then fulfils', async () => {
    const { buyer, order, sessionId } = await checkout(1_200);
    stripe.pay(sessionId, { paymentStatus: 'unpaid' });
    await deliver(stripe.event('checkout.session.completed', session(sessionId)));
    expect((await orderRow(ctx, order.id)).status).toBe('payment_received');
    expect((await accountOf(ctx, buyer.id)).balance).toBe(0);
    await deliver(
      stripe.event('checkout.session.async_payment_succeeded', stripe.settleAsync(sessionId, true)),
    );
    expect((await orderRow(ctx, order.id)).status).toBe('completed');
    expect((await accountOf(ctx, buyer.id)).balance).toBe(1_200);
    expect((await paymentsOf(ctx, order.id)).map((row) => row.status)).toEqual(['paid']);
  });

  it('completed with payment_status unpaid waits; async_payment_failed fails the order, gives no credits and gives the stock back', async () => {
    const product = await givenProduct(ctx, { stock: 5_000, paymentProcessor: 'STRIPE', currency: 'EUR' });
    const { buyer, order, sessionId } = await checkout(1_000, product.id);
    stripe.pay(sessionId, { paymentStatus: 'unpaid' });
    await deliver(stripe.event('checkout.session.completed', session(sessionId)));
    expect((await orderRow(ctx, order.id)).status).toBe('payment_received');
    await deliver(
      stripe.event('checkout.session.async_payment_failed', stripe.settleAsync(sessionId, false)),
    );
    expect((await orderRow(ctx, order.id)).status).toBe('failed');
    expect(await stockOf(ctx, product.id)).toBe(5_000);
    expect((await accountOf(ctx, buyer.id)).balance).toBe(0);
    // The buyer may try again with a new attempt.
    expect((await openCheckout(ctx, buyer.id, order.id)).statusCode).toBe(201);
  });

  it('refuses card orders under Stripe’s 50-cent minimum when they are placed', async () => {
    const product = await givenProduct(ctx, { paymentProcessor: 'STRIPE', currency: 'EUR', pricePerUnit: 1 });
    const buyer = await givenUser(ctx);
    const tiny = await placeOrder(ctx, buyer.id, { amount: 49, productId: product.id });
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json()).toEqual({ message: 'Card payments must be at least €0.50: buy a little more.' });
    expect((await placeOrder(ctx, buyer.id, { amount: 50, productId: product.id })).statusCode).toBe(201);
  });
});

describe('Stripe disputes', () => {
  it('an inquiry (warning_needs_response) or a prevented dispute changes nothing', async () => {
    const { buyer, order, paymentIntent } = await paidCheckout(1_000);
    for (const status of ['warning_needs_response', 'warning_under_review', 'prevented']) {
      const answer = await deliver(
        stripe.event('charge.dispute.created', stripe.dispute(paymentIntent, 1_000, { status })),
      );
      expect(answer.json()).toMatchObject({ result: 'ignored' });
    }
    expect((await orderRow(ctx, order.id)).status).toBe('completed');
    expect((await accountOf(ctx, buyer.id)).balance).toBe(1_000);
  });

  it('a partial dispute reverses only its amount', async () => {
    const { buyer, order, paymentIntent } = await paidCheckout(1_000);
    await deliver(stripe.event('charge.dispute.created', stripe.dispute(paymentIntent, 300)));
    expect((await accountOf(ctx, buyer.id)).balance).toBe(700);
    expect(await orderRow(ctx, order.id)).toMatchObject({
      status: 'disputed',
      disputeAmount: 300,
      disputeShortfall: 0,
    });
    expect((await accountOf(ctx, buyer.id)).heldAt).toBeNull();
  });

  it('a won dispute gives the buyer back the credits it took and lifts the hold it caused', async () => {
    const { buyer, order, paymentIntent } = await paidCheckout(1_000);
    const receiver = await givenUser(ctx);
    const spend = await ctx.app.inject({
      method: 'PUT',
      url: `/api/shop/users/transfer-credits?targetDiscordId=${receiver.discordId}&amount=400`,
      headers: await headersFor(ctx, buyer.id),
    });
    expect(spend.statusCode).toBe(200);
    const dispute = stripe.dispute(paymentIntent, 1_000);
    await deliver(stripe.event('charge.dispute.created', dispute));
    expect(await accountOf(ctx, buyer.id)).toMatchObject({ balance: 0 });
    expect((await accountOf(ctx, buyer.id)).heldAt).not.toBeNull();

    const won = await deliver(stripe.event('charge.dispute.closed', { ...dispute, status: 'won' }));
    expect(won.json()).toMatchObject({ result: 'applied' });
    const account = await accountOf(ctx, buyer.id);
    expect(account.balance).toBe(600);
    expect(account.heldAt).toBeNull();
    expect(await orderRow(ctx, order.id)).toMatchObject({ status: 'completed', disputeShortfall: null });
    expect((await paymentsOf(ctx, order.id)).map((row) => row.status)).toEqual(['paid']);
    expect(await auditOf('order:dispute-won', order.id)).toHaveLength(1);
    // Delivered again: nothing more.
    await deliver(stripe.event('charge.dispute.closed', { ...dispute, status: 'won' }));
    expect((await accountOf(ctx, buyer.id)).balance).toBe(600);
  });

  it('a lost dispute after an inquiry reverses the order; a lost one after the reversal changes nothing more', async () => {
    const { buyer, order, paymentIntent } = await paidCheckout(800);
    const inquiry = stripe.dispute(paymentIntent, 800, { status: 'warning_needs_response' });
    await deliver(stripe.event('charge.dispute.created', inquiry));
    expect((await accountOf(ctx, buyer.id)).balance).toBe(800);
    await deliver(stripe.event('charge.dispute.closed', { ...inquiry, status: 'lost' }));
    expect((await accountOf(ctx, buyer.id)).balance).toBe(0);
    await deliver(stripe.event('charge.dispute.closed', { ...inquiry, status: 'lost' }));
    expect((await orderRow(ctx, order.id)).status).toBe('disputed');
  });
});

describe('Stripe refunds', () => {
  it('a partial refund flags the order for staff (audited) and takes nothing back by itself', async () => {
    const { buyer, order, paymentIntent } = await paidCheckout(1_000);
    await deliver(
      stripe.event('charge.refunded', stripe.charge(paymentIntent, 1_000, false, { amountRefunded: 250 })),
    );
    expect((await accountOf(ctx, buyer.id)).balance).toBe(1_000);
    const row = await orderRow(ctx, order.id);
    expect(row.status).toBe('completed');
    expect(row.needsStaffReason).toContain('refunded 250 of 1000');
    expect(await auditOf('order:needs-staff', order.id)).toHaveLength(1);
  });

  it('a refund that arrives before the payment is recorded is answered 503 (Stripe retries) and acts once the payment is in', async () => {
    const { buyer, order, sessionId } = await checkout(900);
    const paymentIntent = stripe.pay(sessionId);
    const refund = stripe.event('charge.refunded', stripe.charge(paymentIntent, 900, true));
    const early = await deliver(refund);
    expect(early.statusCode).toBe(503);
    expect(early.json()).toEqual({
      message: 'The payment this event reverses is not recorded yet; deliver it again later.',
    });
    await deliver(stripe.event('checkout.session.completed', session(sessionId)));
    expect((await accountOf(ctx, buyer.id)).balance).toBe(900);
    const retried = await deliver(refund);
    expect(retried.json()).toMatchObject({ result: 'applied' });
    expect((await accountOf(ctx, buyer.id)).balance).toBe(0);
    expect((await orderRow(ctx, order.id)).status).toBe('disputed');
  });

  it('a refund of a payment flagged for staff and never fulfilled is recorded, not retried', async () => {
    const { buyer, order, sessionId } = await checkout(1_000);
    const paymentIntent = stripe.pay(sessionId);
    await deliver(stripe.event('checkout.session.completed', { ...session(sessionId), amount_total: 1 }));
    expect((await orderRow(ctx, order.id)).needsStaffReason).not.toBeNull();
    const refunded = await deliver(
      stripe.event('charge.refunded', stripe.charge(paymentIntent, 1_000, true)),
    );
    expect(refunded.json()).toMatchObject({ result: 'applied' });
    expect((await paymentsOf(ctx, order.id)).map((row) => row.status)).toEqual(['refunded']);
    expect((await orderRow(ctx, order.id)).needsStaffReason).toContain('never fulfilled');
    expect((await accountOf(ctx, buyer.id)).balance).toBe(0);
  });

  it('a refund for a payment intent not linked to its attempt reaches the order through the intent’s metadata.orderId', async () => {
    const { buyer, order, paymentIntent } = await paidCheckout(700);
    // As when the fulfilment came by a path that did not learn the payment intent.
    await ctx.database.db
      .update(payments)
      .set({ providerReference: null })
      .where(eq(payments.orderId, order.id));
    const refunded = await deliver(stripe.event('charge.refunded', stripe.charge(paymentIntent, 700, true)));
    expect(refunded.json()).toMatchObject({ result: 'applied' });
    expect((await accountOf(ctx, buyer.id)).balance).toBe(0);
    expect((await orderRow(ctx, order.id)).status).toBe('disputed');
    expect((await paymentsOf(ctx, order.id)).map((row) => [row.status, row.providerReference])).toEqual([
      ['refunded', paymentIntent],
    ]);
  });
});

describe('late payments', () => {
  it('a payment after local expiry with the stock gone ends in "needs staff" with an audit event; staff see it, count it and resolve it', async () => {
    const product = await givenProduct(ctx, { stock: 1_000, paymentProcessor: 'STRIPE', currency: 'EUR' });
    const { buyer, order, sessionId } = await checkout(1_000, product.id);
    await ctx.database.db.transaction(async (tx) => {
      const locked = await lockOrder(tx, order.id);
      if (locked) await moveOrder(tx, locked, 'expired');
    });
    const other = await givenUser(ctx);
    expect((await placeOrder(ctx, other.id, { amount: 1_000, productId: product.id })).statusCode).toBe(201);
    expect(await stockOf(ctx, product.id)).toBe(0);

    stripe.pay(sessionId);
    expect((await deliver(stripe.event('checkout.session.completed', session(sessionId)))).statusCode).toBe(
      200,
    );
    expect((await accountOf(ctx, buyer.id)).balance).toBe(0);
    const row = await orderRow(ctx, order.id);
    expect(row.status).toBe('expired');
    expect(row.needsStaffReason).toContain('This product is out of stock.');
    expect(await auditOf('order:needs-staff', order.id)).toHaveLength(1);
    expect((await paymentsOf(ctx, order.id)).map((payment) => payment.status)).toEqual(['paid']);

    const staff = await asUser(ctx, 'payments');
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `${COMMERCE}/orders?needsStaff=true&size=100`,
      headers: staff,
    });
    expect(listed.statusCode).toBe(200);
    const flagged = listed.json().content as { id: number; needsStaff: { reason: string } | null }[];
    expect(flagged.map((entry) => entry.id)).toContain(order.id);
    expect(flagged.every((entry) => entry.needsStaff !== null)).toBe(true);
    const count = await ctx.app.inject({
      method: 'GET',
      url: `${COMMERCE}/orders/needs-staff/count`,
      headers: staff,
    });
    expect(count.json().count).toBe(flagged.length);
    const byBuyer = await ctx.app.inject({
      method: 'GET',
      url: `${COMMERCE}/orders/needs-staff/count`,
      headers: await headersFor(ctx, buyer.id),
    });
    expect(byBuyer.statusCode).toBe(403);

    const refusedForBuyer = await ctx.app.inject({
      method: 'PUT',
      url: `${COMMERCE}/orders/${order.id}/resolve`,
      headers: await headersFor(ctx, buyer.id),
    });
    expect(refusedForBuyer.statusCode).toBe(403);
    const resolved = await ctx.app.inject({
      method: 'PUT',
      url: `${COMMERCE}/orders/${order.id}/resolve`,
      headers: staff,
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().needsStaff).toBeNull();
    expect(await auditOf('order:resolve', order.id)).toHaveLength(1);
    const again = await ctx.app.inject({
      method: 'PUT',
      url: `${COMMERCE}/orders/${order.id}/resolve`,
      headers: staff,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This order does not need staff.' });
  });
});

describe('the fake Stripe', () => {
  it('refuses unknown parameters and an idempotency key replayed with other parameters, as Stripe does', async () => {
    const origin = new URL(stripe.origin);
    const client = new Stripe(FAKE_STRIPE_KEYS.secretKey, {
      host: origin.hostname,
      port: origin.port,
      protocol: 'http',
      maxNetworkRetries: 0,
      telemetry: false,
    });
    const params = {
      mode: 'payment' as const,
      line_items: [
        { quantity: 1, price_data: { currency: 'eur', unit_amount: 500, product_data: { name: 'x' } } },
      ],
      success_url: 'http://shop.test/ok',
      expires_at: Math.floor(Date.now() / 1000) + 3_600,
    };
    await expect(
      client.checkout.sessions.create({
        ...params,
        line_items: [{ ...params.line_items[0], colour: 'red' }],
      } as never),
    ).rejects.toMatchObject({ code: 'parameter_unknown', param: 'line_items[0][colour]' });
    const first = await client.checkout.sessions.create(params, { idempotencyKey: 'fake-key-1' });
    expect(first).toMatchObject({ payment_method_types: ['card'], automatic_tax: { enabled: false } });
    // Stripe's own payment page, named as the pinned SDK's API version names it (was 'hosted').
    expect(first.ui_mode).toBe('hosted_page');
    const replay = await client.checkout.sessions.create(params, { idempotencyKey: 'fake-key-1' });
    expect(replay.id).toBe(first.id);
    await expect(
      client.checkout.sessions.create(
        { ...params, expires_at: params.expires_at + 1 },
        { idempotencyKey: 'fake-key-1' },
      ),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
    await expect(
      client.checkout.sessions.create({ ...params, expires_at: Math.floor(Date.now() / 1000) + 60 }),
    ).rejects.toMatchObject({ param: 'expires_at' });
    const dispute = stripe.dispute('pi_x', 100);
    expect(dispute).toMatchObject({ evidence: expect.any(Object), created: expect.any(Number) });
    expect(stripe.charge('pi_x', 100, true)).toMatchObject({ captured: true, created: expect.any(Number) });
  });
});
