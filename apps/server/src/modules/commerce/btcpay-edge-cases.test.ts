import { auditEvents } from '@ember/db/schema/audit';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestAppOn } from '../../../test-support/app-on-fake.ts';
import { FAKE_BTCPAY, startFakeBtcpay } from '../../../test-support/fake-btcpay-server.ts';
import { expectLedgerClean, givenUser } from '../../../test-support/test-data.ts';
import {
  accountOf,
  deliverBtcpay,
  givenProduct,
  openCheckout,
  orderRow,
  placeOrder,
  stockOf,
} from './commerce.fixtures.ts';

// BTCPay at the edges (issue 24, items 3, 4 and 10): a delivery is only a hint, the invoice is
// re-fetched and must be Settled, in EUR, for the attempt's amount, in the configured store;
// partly paid, over-paid and late-paid invoices are flagged for staff.

const { ctx, fake: btcpay } = useTestAppOn(startFakeBtcpay, { PUBLIC_URL: 'http://shop.test' });

afterEach(async () => {
  await expectLedgerClean(ctx);
});

const deliver = (delivery: Record<string, unknown>) => deliverBtcpay(ctx, btcpay, delivery);

/** Product 2: credits paid in crypto, 1 cent each, 5% off. */
async function invoiceFor(credits: number, productId = 2) {
  const buyer = await givenUser(ctx);
  const order = (await placeOrder(ctx, buyer.id, { amount: credits, productId })).json();
  const opened = await openCheckout(ctx, buyer.id, order.id);
  expect(opened.statusCode).toBe(201);
  return { buyer, order, invoiceId: String(opened.json().paymentId) };
}

const needsStaffAudits = (orderId: number) =>
  ctx.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'order:needs-staff'), eq(auditEvents.targetId, String(orderId))));

describe('BTCPay deliveries are re-fetched', () => {
  it('sends speedPolicy and paymentTolerance 0 explicitly', async () => {
    await invoiceFor(1_000);
    expect(btcpay.created.at(-1)?.checkout).toMatchObject({
      speedPolicy: 'MediumSpeed',
      paymentTolerance: 0,
    });
  });

  it('an InvoiceSettled delivery whose invoice is not Settled on re-fetch fulfils nothing', async () => {
    const { buyer, order, invoiceId } = await invoiceFor(1_000);
    const answer = await deliver(btcpay.delivery('InvoiceSettled', invoiceId));
    expect(answer.statusCode).toBe(200);
    expect((await orderRow(ctx, order.id)).status).toBe('awaiting_payment');
    expect((await accountOf(ctx, buyer.id)).balance).toBe(0);
  });

  it('a Settled invoice for another amount or currency than the attempt’s fulfils nothing and is flagged', async () => {
    const { buyer, order, invoiceId } = await invoiceFor(1_000);
    btcpay.setStatus(invoiceId, 'Settled');
    const invoice = btcpay.invoices.get(invoiceId) ?? {};
    invoice.amount = '0.01';
    await deliver(btcpay.delivery('InvoiceSettled', invoiceId));
    invoice.amount = '9.50';
    invoice.currency = 'USD';
    await deliver(btcpay.delivery('InvoiceSettled', invoiceId));
    expect((await accountOf(ctx, buyer.id)).balance).toBe(0);
    const row = await orderRow(ctx, order.id);
    expect(row.status).toBe('awaiting_payment');
    expect(row.needsStaffReason).toContain('1 EUR');
    expect(row.needsStaffReason).toContain('950 USD');
    invoice.currency = 'EUR';
    await deliver(btcpay.delivery('InvoiceSettled', invoiceId));
    expect((await orderRow(ctx, order.id)).status).toBe('completed');
  });

  it('an invoice of another store is never paid here', async () => {
    const { buyer, order, invoiceId } = await invoiceFor(1_000);
    btcpay.setStatus(invoiceId, 'Settled');
    const invoice = btcpay.invoices.get(invoiceId) ?? {};
    invoice.storeId = 'SomeOtherStore';
    const answer = await deliver(btcpay.delivery('InvoiceSettled', invoiceId));
    // BTCPay answers 404 for it on the store's path: the delivery fails and is retried, nothing changed.
    expect(answer.statusCode).toBe(500);
    expect((await accountOf(ctx, buyer.id)).balance).toBe(0);
    expect((await orderRow(ctx, order.id)).status).toBe('awaiting_payment');
    invoice.storeId = FAKE_BTCPAY.storeId;
  });
});

describe('BTCPay money that needs staff', () => {
  it('a partly paid invoice that expires expires the order and flags it (audited)', async () => {
    const { order, invoiceId } = await invoiceFor(1_000);
    // Partly paid while it can still be topped up: nothing for staff yet.
    btcpay.setStatus(invoiceId, 'New', 'PaidPartial');
    await deliver(btcpay.delivery('InvoiceReceivedPayment', invoiceId));
    expect((await orderRow(ctx, order.id)).needsStaffReason).toBeNull();
    btcpay.setStatus(invoiceId, 'Expired', 'PaidPartial');
    const delivery = btcpay.delivery('InvoiceExpired', invoiceId);
    expect(delivery.partiallyPaid).toBe(true);
    await deliver(delivery);
    const row = await orderRow(ctx, order.id);
    expect(row.status).toBe('expired');
    expect(row.needsStaffReason).toContain('was only partly paid');
    expect(await needsStaffAudits(order.id)).toHaveLength(1);
    // Redelivered, or another delivery about the same invoice: flagged once.
    await deliver(
      btcpay.delivery('InvoiceExpired', invoiceId, { redeliveryOf: String(delivery.deliveryId) }),
    );
    await deliver(btcpay.delivery('InvoiceReceivedPayment', invoiceId));
    expect(await needsStaffAudits(order.id)).toHaveLength(1);
  });

  it('an over-paid settlement fulfils the order and flags it for the excess', async () => {
    const { buyer, order, invoiceId } = await invoiceFor(1_000);
    btcpay.setStatus(invoiceId, 'Settled', 'PaidOver');
    await deliver(btcpay.delivery('InvoiceSettled', invoiceId));
    expect((await accountOf(ctx, buyer.id)).balance).toBe(1_000);
    const row = await orderRow(ctx, order.id);
    expect(row.status).toBe('completed');
    expect(row.needsStaffReason).toContain('was paid more than its amount');
  });

  it('a payment settled after the invoice expired, with the stock gone, leaves the order expired and flagged', async () => {
    const product = await givenProduct(ctx, { stock: 100, paymentProcessor: 'CRYPTO', currency: 'EUR' });
    const { buyer, order, invoiceId } = await invoiceFor(100, product.id);
    btcpay.setStatus(invoiceId, 'Expired');
    await deliver(btcpay.delivery('InvoiceExpired', invoiceId));
    expect((await orderRow(ctx, order.id)).status).toBe('expired');
    const other = await givenUser(ctx);
    expect((await placeOrder(ctx, other.id, { amount: 100, productId: product.id })).statusCode).toBe(201);
    expect(await stockOf(ctx, product.id)).toBe(0);

    btcpay.setStatus(invoiceId, 'Expired', 'PaidLate');
    await deliver(btcpay.delivery('InvoicePaymentSettled', invoiceId));
    const row = await orderRow(ctx, order.id);
    expect(row.status).toBe('expired');
    expect(row.needsStaffReason).toContain('was paid after it expired');
    expect((await accountOf(ctx, buyer.id)).balance).toBe(0);
    expect(await needsStaffAudits(order.id)).toHaveLength(1);
  });
});

describe('the fake BTCPay', () => {
  it('refuses fields Greenfield does not know, and invoices of another store', async () => {
    const post = (body: Record<string, unknown>) =>
      fetch(`${btcpay.origin}/api/v1/stores/${FAKE_BTCPAY.storeId}/invoices`, {
        method: 'POST',
        headers: { authorization: `token ${FAKE_BTCPAY.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post({ amount: '1.00', currency: 'EUR', checkout: { paymentTolerence: 0 } })).status).toBe(
      400,
    );
    expect((await post({ amount: '1.00', currency: 'EUR', price: '1.00' })).status).toBe(400);
    const created = await post({ amount: '1.00', currency: 'EUR', checkout: { paymentTolerance: 0 } });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    const elsewhere = await fetch(`${btcpay.origin}/api/v1/stores/SomeOtherStore/invoices/${id}`, {
      headers: { authorization: `token ${FAKE_BTCPAY.apiKey}` },
    });
    expect(elsewhere.status).toBe(404);
  });
});
