import type { OrderStatus, PaymentStatus } from '@ember/contracts/enums';
import { holdsStock } from '@ember/contracts/order-status';
import { priceOrder } from '@ember/contracts/pricing';
import { creditsOrderJournal } from '../../books/order-journals.ts';
import {
  bulkDiscounts,
  type NewOrder,
  type NewPayment,
  type NewPaymentEvent,
  orders,
  paymentEvents,
  payments,
  products,
} from '../../schema/commerce.ts';
import { ORDER_STORIES, type OrderStory } from '../data/order-stories.ts';
import { PRODUCT_SEEDS, type ProductSeed } from '../data/products.ts';
import { makeBulkDiscount, makeOrder, makeProduct } from '../factories.ts';
import type { SeedContext } from '../seed-context.ts';
import { sha256Of } from '../stable-ids.ts';
import { addMinutes } from '../time.ts';

/** Statuses reached only after the buyer was sent to the processor, so a payment id exists. */
const PAID_OR_ATTEMPTED: readonly OrderStatus[] = [
  'awaiting_payment',
  'payment_received',
  'processing',
  'completed',
  'failed',
  'cancelled',
  'disputed',
  'expired',
];

const WEBHOOK_EVENT_TYPES: Partial<Record<OrderStatus, { STRIPE: string; CRYPTO: string }>> = {
  payment_received: { STRIPE: 'checkout.session.completed', CRYPTO: 'InvoiceSettled' },
  processing: { STRIPE: 'checkout.session.completed', CRYPTO: 'InvoiceProcessing' },
  completed: { STRIPE: 'checkout.session.completed', CRYPTO: 'InvoiceSettled' },
  failed: { STRIPE: 'checkout.session.async_payment_failed', CRYPTO: 'InvoiceInvalid' },
  disputed: { STRIPE: 'charge.dispute.created', CRYPTO: 'InvoiceInvalid' },
  expired: { STRIPE: 'checkout.session.expired', CRYPTO: 'InvoiceExpired' },
};

export async function seedCommerce({ db, now, ledger }: SeedContext): Promise<void> {
  await db
    .insert(products)
    .values(PRODUCT_SEEDS.map(({ bulkDiscounts: _, ...product }) => makeProduct(product)));
  await db
    .insert(bulkDiscounts)
    .values(
      PRODUCT_SEEDS.flatMap((product) =>
        product.bulkDiscounts.map((tier) => makeBulkDiscount({ productId: product.id, ...tier })),
      ),
    );

  const orderRows = ORDER_STORIES.map((story) => orderFromStory(story, now));
  await db.insert(orders).values(orderRows);
  const attempts = orderRows.flatMap(paymentOf);
  if (attempts.length) await db.insert(payments).values(attempts);
  const events = orderRows.flatMap(paymentEventOf);
  if (events.length) await db.insert(paymentEvents).values(events);

  for (const row of orderRows) {
    const product = productOf(row.productId);
    if (row.status !== 'completed' || product.kind !== 'CREDITS') continue;
    const at = row.completedDate ?? now;
    if (row.id === undefined) throw new Error('Demo orders carry explicit ids');
    ledger.post({
      ...creditsOrderJournal({
        orderId: row.id,
        buyerId: row.buyerId,
        credits: (row.amount + (row.bonusAmount ?? 0)) * (product.unitSize ?? 1),
        processor: row.paymentProcessor,
        description: `Order #${row.id}: ${product.name}`,
      }),
      at,
    });
  }
}

function orderFromStory(story: OrderStory, now: Date): NewOrder {
  const product = productOf(story.productId);
  const creationDate = addMinutes(now, -story.minutesAgo);
  const completed = story.status === 'completed';
  // The server's own arithmetic (spec §9): the total after the discount, and the best bulk tier's bonus.
  const price = priceOrder(
    {
      pricePerUnit: product.pricePerUnit,
      discountPercent: product.discountPercent ?? 0,
      bulkDiscounts: product.bulkDiscounts,
    },
    story.amount,
  );
  return makeOrder(product, {
    id: story.id,
    buyerId: story.buyerId,
    amount: story.amount,
    total: price.total,
    bonusAmount: price.bonusAmount,
    status: story.status,
    paymentId: paymentIdOf(story, product),
    extraInfo: story.extraInfo ?? null,
    idempotencyKey: `demo-order-${story.id}`,
    reservedStock:
      product.stock !== undefined && product.stock !== null && holdsStock(story.status)
        ? price.deliveredAmount
        : 0,
    completedById: story.completedById ?? null,
    creationDate,
    completedDate: completed ? addMinutes(creationDate, story.completedById ? 90 : 2) : null,
  });
}

function paymentIdOf(story: OrderStory, product: ProductSeed): string | null {
  if (!PAID_OR_ATTEMPTED.includes(story.status)) return null;
  const hash = sha256Of(`order-${story.id}`);
  if (product.paymentProcessor === 'STRIPE') return `cs_test_${hash.slice(0, 24)}`;
  if (product.paymentProcessor === 'CRYPTO') return `Inv${hash.slice(0, 19)}`;
  return null;
}

const PAYMENT_STATUS_OF: Record<OrderStatus, PaymentStatus> = {
  pending: 'open',
  awaiting_payment: 'open',
  payment_received: 'processing',
  processing: 'paid',
  completed: 'paid',
  failed: 'failed',
  cancelled: 'cancelled',
  disputed: 'disputed',
  expired: 'expired',
};

/** The attempt behind each demo order that went to a processor (Stripe session or BTCPay invoice). */
function paymentOf(order: NewOrder): NewPayment[] {
  if (!order.paymentId || order.id === undefined) return [];
  const stripe = order.paymentProcessor === 'STRIPE';
  const createdAt = addMinutes(order.creationDate ?? new Date(0), 1);
  return [
    {
      orderId: order.id,
      gateway: stripe ? 'stripe' : 'btcpay',
      providerId: order.paymentId,
      providerReference: stripe ? `pi_demo_${String(order.id).padStart(6, '0')}` : null,
      status: PAYMENT_STATUS_OF[order.status ?? 'pending'],
      checkoutUrl: stripe
        ? `https://checkout.stripe.com/c/pay/${order.paymentId}`
        : `https://btcpay.example.com/i/${order.paymentId}`,
      amount: order.total,
      currency: order.currency,
      idempotencyKey: `demo-payment-${order.id}`,
      createdAt,
      updatedAt: createdAt,
    },
  ];
}

function paymentEventOf(order: NewOrder): NewPaymentEvent[] {
  const processor = order.paymentProcessor;
  if (processor === 'GP' || !order.paymentId) return [];
  const eventType = WEBHOOK_EVENT_TYPES[order.status ?? 'pending']?.[processor];
  if (!eventType) return [];
  const receivedAt = addMinutes(order.creationDate ?? new Date(0), 1);
  return [
    {
      provider: processor,
      eventId:
        processor === 'STRIPE' ? `evt_demo_${String(order.id).padStart(6, '0')}` : `btcpay-demo-${order.id}`,
      eventType,
      orderId: order.id ?? null,
      payload: { demo: true, paymentId: order.paymentId, orderId: order.id },
      receivedAt,
      processedAt: receivedAt,
    },
  ];
}

function productOf(productId: number): ProductSeed {
  const product = PRODUCT_SEEDS.find((candidate) => candidate.id === productId);
  if (!product) throw new Error(`Demo order references unknown product ${productId}`);
  return product;
}
