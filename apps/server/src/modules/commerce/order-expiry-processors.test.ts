import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBtcpay, startFakeBtcpay } from '../../../test-support/fake-btcpay-server.ts';
import { type FakeStripe, startFakeStripe } from '../../../test-support/fake-stripe-server.ts';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { expectLedgerClean, givenUser } from '../../../test-support/test-data.ts';
import {
  accountOf,
  expirySweep,
  openCheckout,
  orderRow,
  paymentsOf,
  placeOrder,
} from './commerce.fixtures.ts';

// The expiry sweep closes the processor's checkout with its order (issue 24, item 1): Stripe
// expires the session, BTCPay marks the invoice invalid, so nothing can be paid after the order
// expired. A checkout paid meanwhile is settled instead, and one the processor cannot be asked
// about waits for the next sweep.

let ctx: TestContext;
let stripe: FakeStripe;
let btcpay: FakeBtcpay;
const warnings: string[] = [];
let sweep: ReturnType<typeof expirySweep>;

beforeAll(async () => {
  stripe = await startFakeStripe();
  btcpay = await startFakeBtcpay();
  ctx = await createTestApp({
    ...stripe.env,
    ...btcpay.env,
    PUBLIC_URL: 'http://shop.test',
    ORDER_EXPIRY_MINUTES: '30',
  });
  sweep = expirySweep(ctx, warnings);
});

afterEach(async () => {
  await expectLedgerClean(ctx);
});

afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
  await btcpay?.close();
});

const later = () => new Date(Date.now() + 31 * 60_000);

/** An order of product 1 (card) or 2 (crypto) with its checkout open. */
async function opened(productId: 1 | 2) {
  const buyer = await givenUser(ctx);
  const order = (await placeOrder(ctx, buyer.id, { amount: 1_000, productId })).json();
  const answer = await openCheckout(ctx, buyer.id, order.id);
  expect(answer.statusCode).toBe(201);
  return { buyer, order, providerId: String(answer.json().paymentId) };
}

describe('the expiry sweep and the processors', () => {
  it('expires the Stripe session at Stripe with the order: it can no longer be paid', async () => {
    const { order, providerId } = await opened(1);
    await sweep(later());
    expect(stripe.expiredByApi).toContain(providerId);
    expect(stripe.sessions.get(providerId)?.status).toBe('expired');
    expect((await orderRow(ctx, order.id)).status).toBe('expired');
    expect((await paymentsOf(ctx, order.id)).map((row) => row.status)).toEqual(['expired']);
    expect(() => stripe.pay(providerId)).toThrow(/expired/);
  });

  it('a Stripe session paid before the sweep (webhook not in yet) is fulfilled, not expired', async () => {
    const { buyer, order, providerId } = await opened(1);
    stripe.pay(providerId);
    await sweep(later());
    expect(stripe.expiredByApi).not.toContain(providerId);
    expect((await orderRow(ctx, order.id)).status).toBe('completed');
    expect((await accountOf(ctx, buyer.id)).balance).toBe(1_000);
  });

  it('marks the BTCPay invoice invalid with the order; a payment seen meanwhile keeps the order', async () => {
    const unpaid = await opened(2);
    const seen = await opened(2);
    btcpay.setStatus(seen.providerId, 'Processing');
    await sweep(later());
    expect(btcpay.invoices.get(unpaid.providerId)).toMatchObject({
      status: 'Invalid',
      additionalStatus: 'Marked',
    });
    expect((await orderRow(ctx, unpaid.order.id)).status).toBe('expired');
    expect(btcpay.invoices.get(seen.providerId)?.status).toBe('Processing');
    expect((await orderRow(ctx, seen.order.id)).status).toBe('payment_received');
  });

  it('a partly paid BTCPay invoice found expired by the sweep expires the order and flags it for staff', async () => {
    const { order, providerId } = await opened(2);
    btcpay.setStatus(providerId, 'Expired', 'PaidPartial');
    await sweep(later());
    const row = await orderRow(ctx, order.id);
    expect(row.status).toBe('expired');
    expect(row.needsStaffReason).toContain('was only partly paid');
  });

  it('leaves the order for the next sweep when the processor cannot be asked', async () => {
    const { order, providerId } = await opened(1);
    const session = stripe.sessions.get(providerId);
    stripe.sessions.delete(providerId);
    await sweep(later());
    expect((await orderRow(ctx, order.id)).status).toBe('awaiting_payment');
    expect(warnings.some((warning) => warning.includes('next sweep'))).toBe(true);
    if (session) stripe.sessions.set(providerId, session);
    await sweep(later());
    expect((await orderRow(ctx, order.id)).status).toBe('expired');
  });
});
