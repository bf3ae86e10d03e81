import { describe, expect, it } from 'vitest';
import { useTestAppOn } from '../../../test-support/app-on-fake.ts';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { startFakeBtcpay } from '../../../test-support/fake-btcpay-server.ts';
import { expectLedgerClean, givenUser } from '../../../test-support/test-data.ts';
import {
  accountOf,
  COMMERCE,
  deliverBtcpay,
  openCheckout,
  orderRow,
  paymentsOf,
  placeOrder,
  postWebhook,
} from './commerce.fixtures.ts';

// BTCPay Server's Greenfield invoices over real HTTP against a local fake, and its webhooks signed
// with BTCPay-Sig (HMAC-SHA256 of the raw body). A delivery only names its invoice: the store
// re-fetches the invoice and acts on what BTCPay says it is (issue 24, item 4).

const { ctx, fake: btcpay } = useTestAppOn(startFakeBtcpay, { PUBLIC_URL: 'http://shop.test' });

const deliver = (body: string, signature?: string) =>
  postWebhook(ctx, 'btcpay', body, signature ? { 'btcpay-sig': signature } : {});

const deliverSigned = (delivery: Record<string, unknown>) => deliverBtcpay(ctx, btcpay, delivery);

/** Product 2: credits paid in crypto, 1 cent each, 5% off. */
async function invoiceFor(credits: number) {
  const buyer = await givenUser(ctx);
  const order = (await placeOrder(ctx, buyer.id, { amount: credits, productId: 2 })).json();
  const payment = await openCheckout(ctx, buyer.id, order.id);
  expect(payment.statusCode).toBe(201);
  return {
    buyer,
    order,
    invoiceId: String(payment.json().paymentId),
    location: String(payment.headers.location),
  };
}

describe('BTCPay invoices', () => {
  it('creates a Greenfield invoice for the server-computed total and sends the buyer to its checkoutLink', async () => {
    const { order, invoiceId, location } = await invoiceFor(1_000);
    expect(location).toBe(`${btcpay.origin}/i/${invoiceId}`);
    expect(btcpay.invoices.get(invoiceId)).toMatchObject({
      amount: '9.50',
      currency: 'EUR',
      metadata: { orderId: String(order.id) },
      checkout: { redirectURL: `http://shop.test/checkout/${order.id}` },
    });
  });

  it('shows InvoiceProcessing as payment_received, fulfils InvoiceSettled once (redeliveries included)', async () => {
    const { buyer, order, invoiceId } = await invoiceFor(1_000);
    btcpay.setStatus(invoiceId, 'Processing');
    expect((await deliverSigned(btcpay.delivery('InvoiceProcessing', invoiceId))).statusCode).toBe(200);
    expect((await orderRow(ctx, order.id)).status).toBe('payment_received');
    btcpay.setStatus(invoiceId, 'Settled');
    const settled = btcpay.delivery('InvoiceSettled', invoiceId);
    for (let i = 0; i < 20; i++) expect((await deliverSigned(settled)).statusCode).toBe(200);
    const redelivery = btcpay.delivery('InvoiceSettled', invoiceId, {
      redeliveryOf: String(settled.deliveryId),
    });
    await deliverSigned(redelivery);
    expect((await orderRow(ctx, order.id)).status).toBe('completed');
    expect((await accountOf(ctx, buyer.id)).balance).toBe(1_000);
    // Out of order: an expiry or invalidation after the settlement changes nothing.
    await deliverSigned(btcpay.delivery('InvoiceExpired', invoiceId));
    await deliverSigned(btcpay.delivery('InvoiceInvalid', invoiceId));
    expect((await orderRow(ctx, order.id)).status).toBe('completed');
    expect((await accountOf(ctx, buyer.id)).balance).toBe(1_000);
    await expectLedgerClean(ctx);
  });

  it('rejects a forged or missing BTCPay-Sig and changes nothing', async () => {
    const { buyer, order, invoiceId } = await invoiceFor(1_000);
    const body = JSON.stringify(btcpay.delivery('InvoiceSettled', invoiceId));
    expect((await deliver(body, btcpay.sign(body, 'not-the-secret'))).statusCode).toBe(400);
    expect((await deliver(body, `sha256=${'0'.repeat(64)}`)).statusCode).toBe(400);
    expect((await deliver(body)).statusCode).toBe(400);
    expect((await deliver(body.replace(invoiceId, 'someoneElse'), btcpay.sign(body))).statusCode).toBe(400);
    expect((await orderRow(ctx, order.id)).status).toBe('awaiting_payment');
    expect((await accountOf(ctx, buyer.id)).balance).toBe(0);
  });

  it('fails the order on InvoiceExpired and InvoiceInvalid before settlement', async () => {
    const expiring = await invoiceFor(600);
    btcpay.setStatus(expiring.invoiceId, 'Expired');
    await deliverSigned(btcpay.delivery('InvoiceExpired', expiring.invoiceId));
    expect((await orderRow(ctx, expiring.order.id)).status).toBe('expired');
    const invalid = await invoiceFor(600);
    btcpay.setStatus(invalid.invoiceId, 'Invalid');
    await deliverSigned(btcpay.delivery('InvoiceInvalid', invalid.invoiceId));
    expect((await orderRow(ctx, invalid.order.id)).status).toBe('failed');
    expect((await paymentsOf(ctx, invalid.order.id)).map((row) => row.status)).toEqual(['failed']);
  });

  it('the return page check reads the invoice from BTCPay and fulfils a settled one', async () => {
    const { buyer, order, invoiceId } = await invoiceFor(700);
    btcpay.setStatus(invoiceId, 'Settled');
    const check = await ctx.app.inject({
      method: 'POST',
      url: `${COMMERCE}/orders/${order.id}/check`,
      headers: await headersFor(ctx, buyer.id),
    });
    expect(check.json().orderStatus).toBe('completed');
    expect((await accountOf(ctx, buyer.id)).balance).toBe(700);
  });

  it('a BTCPay refund recorded by payments staff takes the credits back (audited), once', async () => {
    const { buyer, order, invoiceId } = await invoiceFor(900);
    btcpay.setStatus(invoiceId, 'Settled');
    await deliverSigned(btcpay.delivery('InvoiceSettled', invoiceId));
    const headers = await asUser(ctx, 'payments');
    const refund = await ctx.app.inject({
      method: 'PUT',
      url: `${COMMERCE}/orders/${order.id}/refund`,
      headers,
    });
    expect(refund.json().orderStatus).toBe('disputed');
    await ctx.app.inject({ method: 'PUT', url: `${COMMERCE}/orders/${order.id}/refund`, headers });
    expect((await accountOf(ctx, buyer.id)).balance).toBe(0);
    const byBuyer = await ctx.app.inject({
      method: 'PUT',
      url: `${COMMERCE}/orders/${order.id}/refund`,
      headers: await headersFor(ctx, buyer.id),
    });
    expect(byBuyer.statusCode).toBe(403);
    await expectLedgerClean(ctx);
  });
});
