import { auditEvents } from '@ember/db/schema/audit';
import { paymentEvents } from '@ember/db/schema/commerce';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestAppOn } from '../../../test-support/app-on-fake.ts';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { startFakeStripe } from '../../../test-support/fake-stripe-server.ts';
import { expectLedgerClean, givenUser } from '../../../test-support/test-data.ts';
import {
  accountOf,
  COMMERCE,
  openCheckout,
  orderRow,
  paymentsOf,
  placeOrder,
  postWebhook,
} from './commerce.fixtures.ts';

// Stripe through the official SDK against a local HTTP fake of Stripe's API (host/port/protocol),
// with events shaped like Stripe's and signed with Stripe's scheme.

const { ctx, fake: stripe } = useTestAppOn(startFakeStripe, { PUBLIC_URL: 'http://shop.test' });

const deliver = (payload: string, signature: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });

const deliverEvent = (event: Record<string, unknown>) => {
  const payload = JSON.stringify(event, null, 2);
  return deliver(payload, stripe.sign(payload));
};

/** A buyer with an order of `credits` credits (product 1: 1 cent each) and an open Stripe checkout. */
async function boughtCheckout(credits: number) {
  const buyer = await givenUser(ctx);
  const order = (await placeOrder(ctx, buyer.id, { amount: credits, productId: 1 })).json();
  const payment = await openCheckout(ctx, buyer.id, order.id);
  expect(payment.statusCode).toBe(201);
  const sessionId = String(payment.json().paymentId);
  return { buyer, order, sessionId, location: String(payment.headers.location) };
}

const completedEvent = (sessionId: string) =>
  stripe.event('checkout.session.completed', stripe.sessions.get(sessionId) ?? {});

describe('Stripe checkout', () => {
  it('opens a Checkout Session through the SDK: order id as client_reference_id, idempotency key, return URL with the session id', async () => {
    const { order, sessionId, location } = await boughtCheckout(1_000);
    expect(location).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);
    const call = stripe.created.at(-1);
    // The attempt's number and its fixed expiry: the key is only ever sent with the same parameters.
    expect(call?.idempotencyKey).toBe(`order-${order.id}-attempt-1-${call?.params.expires_at}`);
    expect(call?.params).toMatchObject({
      mode: 'payment',
      client_reference_id: String(order.id),
      success_url: `http://shop.test/checkout/${order.id}?session_id={CHECKOUT_SESSION_ID}`,
      line_items: [{ quantity: '1', price_data: { currency: 'eur', unit_amount: '1000' } }],
      metadata: { orderId: String(order.id) },
    });
    expect((await orderRow(ctx, order.id)).paymentId).toBe(sessionId);
  });

  it('fulfils checkout.session.completed once, however often (and however concurrently) Stripe delivers it', async () => {
    const { buyer, order, sessionId } = await boughtCheckout(1_000);
    stripe.pay(sessionId);
    const event = completedEvent(sessionId);
    const payload = JSON.stringify(event);
    const signature = stripe.sign(payload);
    const first = await deliver(payload, signature);
    expect(first.statusCode).toBe(200);
    expect((await accountOf(ctx, buyer.id)).balance).toBe(1_000);
    for (let i = 0; i < 10; i++) expect((await deliver(payload, signature)).statusCode).toBe(200);
    const burst = await Promise.all(Array.from({ length: 10 }, () => deliver(payload, signature)));
    expect(burst.every((res) => res.statusCode === 200)).toBe(true);
    expect((await accountOf(ctx, buyer.id)).balance).toBe(1_000);
    expect((await orderRow(ctx, order.id)).status).toBe('completed');
    const recorded = await ctx.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, String(event.id)));
    expect(recorded).toHaveLength(1);
    // A different event for the same paid session (async_payment_succeeded) does not pay twice either.
    await deliverEvent(
      stripe.event('checkout.session.async_payment_succeeded', stripe.sessions.get(sessionId) ?? {}),
    );
    expect((await accountOf(ctx, buyer.id)).balance).toBe(1_000);
    await expectLedgerClean(ctx);
  });

  it('rejects forged, tampered and stale signatures and changes nothing', async () => {
    const { buyer, order, sessionId } = await boughtCheckout(2_000);
    stripe.pay(sessionId);
    const payload = JSON.stringify(completedEvent(sessionId));
    const wrongSecret = await deliver(payload, stripe.sign(payload, { secret: 'whsec_attacker' }));
    expect(wrongSecret.statusCode).toBe(400);
    const tampered = await deliver(payload.replace('"paid"', '"paid" '), stripe.sign(payload));
    expect(tampered.statusCode).toBe(400);
    const stale = await deliver(
      payload,
      stripe.sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
    );
    expect(stale.statusCode).toBe(400);
    const unsigned = await postWebhook(ctx, 'stripe', payload);
    expect(unsigned.statusCode).toBe(400);
    expect((await accountOf(ctx, buyer.id)).balance).toBe(0);
    expect((await orderRow(ctx, order.id)).status).toBe('awaiting_payment');
  });

  it('ignores a failure that arrives after the completion (events out of order)', async () => {
    const { buyer, order, sessionId } = await boughtCheckout(1_500);
    stripe.pay(sessionId);
    await deliverEvent(completedEvent(sessionId));
    const session = stripe.sessions.get(sessionId) ?? {};
    expect(
      (await deliverEvent(stripe.event('checkout.session.async_payment_failed', session))).statusCode,
    ).toBe(200);
    expect(
      (await deliverEvent(stripe.event('checkout.session.expired', { ...session, status: 'expired' })))
        .statusCode,
    ).toBe(200);
    expect((await orderRow(ctx, order.id)).status).toBe('completed');
    expect((await accountOf(ctx, buyer.id)).balance).toBe(1_500);
    expect((await paymentsOf(ctx, order.id)).map((row) => row.status)).toEqual(['paid']);
    await expectLedgerClean(ctx);
  });

  it('fails the order on checkout.session.expired before payment and gives its stock back', async () => {
    const buyer = await givenUser(ctx);
    const order = (await placeOrder(ctx, buyer.id, { amount: 10, productId: 4, extraInfo: 'IGN' })).json();
    const sessionId = String((await openCheckout(ctx, buyer.id, order.id)).json().paymentId);
    stripe.expire(sessionId);
    await deliverEvent(stripe.event('checkout.session.expired', stripe.sessions.get(sessionId) ?? {}));
    const row = await orderRow(ctx, order.id);
    expect(row.status).toBe('expired');
    expect(row.reservedStock).toBe(0);
  });

  it('the return page check asks Stripe for the session and fulfils a paid one (same fulfilment, once)', async () => {
    const { buyer, order, sessionId } = await boughtCheckout(3_000);
    const headers = await headersFor(ctx, buyer.id);
    const before = await ctx.app.inject({
      method: 'POST',
      url: `${COMMERCE}/orders/${order.id}/check`,
      headers,
    });
    expect(before.json().orderStatus).toBe('awaiting_payment');
    stripe.pay(sessionId);
    const after = await ctx.app.inject({
      method: 'POST',
      url: `${COMMERCE}/orders/${order.id}/check`,
      headers,
    });
    expect(after.json().orderStatus).toBe('completed');
    // The webhook arriving afterwards changes nothing.
    await deliverEvent(completedEvent(sessionId));
    expect((await accountOf(ctx, buyer.id)).balance).toBe(3_000);
    await expectLedgerClean(ctx);
  });

  it('a dispute after the credits were spent takes back what is left, holds the account, never goes negative', async () => {
    const { buyer, order, sessionId } = await boughtCheckout(1_000);
    const paymentIntent = stripe.pay(sessionId);
    await deliverEvent(completedEvent(sessionId));
    const receiver = await givenUser(ctx);
    const spend = await ctx.app.inject({
      method: 'PUT',
      url: `/api/shop/users/transfer-credits?targetDiscordId=${receiver.discordId}&amount=700`,
      headers: await headersFor(ctx, buyer.id),
    });
    expect(spend.statusCode).toBe(200);

    const dispute = stripe.event('charge.dispute.created', stripe.dispute(paymentIntent, 1_000));
    expect((await deliverEvent(dispute)).statusCode).toBe(200);
    const account = await accountOf(ctx, buyer.id);
    expect(account.balance).toBe(0);
    expect(account.heldAt).not.toBeNull();
    const row = await orderRow(ctx, order.id);
    expect(row).toMatchObject({ status: 'disputed', disputeShortfall: 700 });
    const holds = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'account:hold'), eq(auditEvents.targetId, String(buyer.id))));
    expect(holds).toHaveLength(1);

    // Delivered again: nothing more is taken.
    await deliverEvent(dispute);
    expect((await accountOf(ctx, buyer.id)).balance).toBe(0);

    // A held account places no orders and moves no credits until staff release it.
    const refused = await placeOrder(ctx, buyer.id, { amount: 1_000, productId: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'This account is on hold while staff review a payment dispute. Contact us on Discord.',
    });
    const buyerHeaders = await headersFor(ctx, buyer.id);
    const gift = await ctx.app.inject({
      method: 'PUT',
      url: `/api/shop/users/transfer-credits?targetDiscordId=${receiver.discordId}&amount=1`,
      headers: buyerHeaders,
    });
    expect(gift.statusCode).toBe(403);
    const subscription = await ctx.app.inject({
      method: 'POST',
      url: '/api/shop/subscriptions?priceId=1',
      headers: buyerHeaders,
    });
    expect(subscription.statusCode).toBe(403);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `${COMMERCE}/account-holds`,
      headers: await asUser(ctx, 'payments'),
    });
    expect(list.json().map((hold: { userId: number }) => hold.userId)).toContain(buyer.id);
    const release = await ctx.app.inject({
      method: 'DELETE',
      url: `${COMMERCE}/account-holds/${buyer.id}`,
      headers: await asUser(ctx, 'payments'),
    });
    expect(release.statusCode).toBe(204);
    expect((await placeOrder(ctx, buyer.id, { amount: 1_000, productId: 1 })).statusCode).toBe(201);
    await expectLedgerClean(ctx);
  });

  it('a full refund (charge.refunded) takes the credits back without a hold when they are all still there', async () => {
    const { buyer, order, sessionId } = await boughtCheckout(800);
    const paymentIntent = stripe.pay(sessionId);
    await deliverEvent(completedEvent(sessionId));
    const partial = stripe.event('charge.refunded', stripe.charge(paymentIntent, 800, false));
    await deliverEvent(partial);
    expect((await orderRow(ctx, order.id)).status).toBe('completed');
    await deliverEvent(stripe.event('charge.refunded', stripe.charge(paymentIntent, 800, true)));
    expect(await orderRow(ctx, order.id)).toMatchObject({ status: 'disputed', disputeShortfall: 0 });
    const account = await accountOf(ctx, buyer.id);
    expect(account.balance).toBe(0);
    expect(account.heldAt).toBeNull();
    expect((await paymentsOf(ctx, order.id)).map((row) => row.status)).toEqual(['refunded']);
    await expectLedgerClean(ctx);
  });

  it('answers malformed webhook bodies with 400 and ignores event types it does not act on', async () => {
    const garbage = 'not json at all';
    expect((await deliver(garbage, stripe.sign(garbage))).statusCode).toBe(400);
    const other = await deliverEvent(stripe.event('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ result: 'ignored' });
  });
});
