import {
  CURRENCIES,
  ORDER_STATUSES,
  PAYMENT_GATEWAYS,
  PAYMENT_PROCESSORS,
  PAYMENT_STATUSES,
  PRODUCT_KINDS,
} from '@ember/contracts/enums';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId, isOneOf, isPercent, timestamptz, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * One thing sold through one processor. Prices are minor units of `currency`: EUR cents for
 * STRIPE and CRYPTO, whole gold pieces for GP. One purchased unit delivers `unit_size` of the
 * product: credits, GP, or days of VIP.
 */
export const products = pgTable(
  'products',
  {
    id: identityId(),
    kind: text('kind', { enum: PRODUCT_KINDS }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    paymentProcessor: text('payment_processor', { enum: PAYMENT_PROCESSORS }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    pricePerUnit: bigint('price_per_unit', { mode: 'number' }).notNull(),
    /** Label of one unit for display, e.g. "credit", "1M GP", "month". */
    priceUnit: text('price_unit').notNull(),
    unitSize: bigint('unit_size', { mode: 'number' }).notNull().default(1),
    minimumPurchase: integer('minimum_purchase').notNull().default(1),
    maximumPurchase: integer('maximum_purchase'),
    /** Units left; null = unlimited. */
    stock: bigint('stock', { mode: 'number' }),
    discountPercent: integer('discount_percent').notNull().default(0),
    imageUrl: text('image_url'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_kind_enabled_idx').on(t.kind, t.enabled),
    check('products_kind_known', isOneOf(t.kind, PRODUCT_KINDS)),
    check('products_payment_processor_known', isOneOf(t.paymentProcessor, PAYMENT_PROCESSORS)),
    check(
      'products_currency_matches_processor',
      sql`(${t.paymentProcessor} = 'GP') = (${t.currency} = 'GP') and ${t.currency} <> 'CREDITS'`,
    ),
    check('products_price_per_unit_not_negative', sql`${t.pricePerUnit} >= 0`),
    check('products_unit_size_positive', sql`${t.unitSize} > 0`),
    check('products_minimum_purchase_positive', sql`${t.minimumPurchase} > 0`),
    check('products_maximum_purchase_at_least_minimum', sql`${t.maximumPurchase} >= ${t.minimumPurchase}`),
    check('products_stock_not_negative', sql`${t.stock} >= 0`),
    check('products_discount_percent_range', isPercent(t.discountPercent)),
  ],
);

/** Buying at least `discount_threshold` units grants `extra_amount` free units (the best tier, once). */
export const bulkDiscounts = pgTable(
  'bulk_discounts',
  {
    id: identityId(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    discountThreshold: integer('discount_threshold').notNull(),
    extraAmount: integer('extra_amount').notNull(),
  },
  (t) => [
    unique('bulk_discounts_product_id_threshold_key').on(t.productId, t.discountThreshold),
    check('bulk_discounts_threshold_positive', sql`${t.discountThreshold} > 0`),
    check('bulk_discounts_extra_amount_positive', sql`${t.extraAmount} > 0`),
  ],
);

/**
 * A product order. Product fields are copied so the order reads the same after the product
 * changes; `total` is computed by the server in minor units of `currency`.
 */
export const orders = pgTable(
  'orders',
  {
    id: identityId(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'no action' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'no action' }),
    productName: text('product_name').notNull(),
    paymentProcessor: text('payment_processor', { enum: PAYMENT_PROCESSORS }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Free units from a bulk discount, delivered on top of `amount`. */
    bonusAmount: bigint('bonus_amount', { mode: 'number' }).notNull().default(0),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    discountPercent: integer('discount_percent').notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    /** The processor's id (checkout session, invoice) once a payment exists. */
    paymentId: text('payment_id'),
    /** Buyer's note, e.g. the in-game name for a GP delivery. */
    extraInfo: text('extra_info'),
    idempotencyKey: text('idempotency_key'),
    completedById: integer('completed_by_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Units this order took from the product's stock (amount + bonus for a stocked product, else 0);
     * given back when the order fails, is cancelled or expires, taken again if it is paid after all.
     */
    reservedStock: bigint('reserved_stock', { mode: 'number' }).notNull().default(0),
    /** After a dispute or processor refund: credits that could not be taken back (decision 0015). */
    disputeShortfall: bigint('dispute_shortfall', { mode: 'number' }),
    /** The money a dispute or refund took back, in minor units of `currency` (a partial dispute reverses only this share). */
    disputeAmount: bigint('dispute_amount', { mode: 'number' }),
    /**
     * Money arrived (or went) in a way the store cannot settle on its own: a late payment with the
     * stock gone, a partial or over-payment, a partial refund, a won dispute of VIP or GP. Null once
     * staff resolved it (issue 24, item 3). Set and cleared with an audit event.
     */
    needsStaffReason: text('needs_staff_reason'),
    needsStaffSince: timestamptz('needs_staff_since'),
    /**
     * The expiry chosen for the checkout attempt being opened: a retried or concurrent open of the
     * same attempt sends the processor the same parameters under the same idempotency key (item 6).
     */
    checkoutExpiresAt: timestamptz('checkout_expires_at'),
    creationDate: timestamptz('creation_date').notNull().defaultNow(),
    completedDate: timestamptz('completed_date'),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One index per filter and sort of GET /orders (and the expiry sweep: status + creation_date).
    index('orders_buyer_id_creation_date_idx').on(t.buyerId, t.creationDate),
    index('orders_status_creation_date_idx').on(t.status, t.creationDate),
    index('orders_creation_date_idx').on(t.creationDate),
    index('orders_product_id_creation_date_idx').on(t.productId, t.creationDate),
    index('orders_payment_processor_creation_date_idx').on(t.paymentProcessor, t.creationDate),
    index('orders_total_id_idx').on(t.total, t.id),
    index('orders_payment_id_idx').on(t.paymentId),
    index('orders_needs_staff_since_idx').on(t.needsStaffSince).where(sql`${t.needsStaffSince} is not null`),
    uniqueIndex('orders_idempotency_key_key').on(t.idempotencyKey),
    uniqueIndex('orders_payment_processor_payment_id_key')
      .on(t.paymentProcessor, t.paymentId)
      .where(sql`${t.paymentId} is not null`),
    check('orders_status_known', isOneOf(t.status, ORDER_STATUSES)),
    check('orders_payment_processor_known', isOneOf(t.paymentProcessor, PAYMENT_PROCESSORS)),
    check('orders_currency_known', isOneOf(t.currency, CURRENCIES)),
    check('orders_amount_positive', sql`${t.amount} > 0`),
    check('orders_bonus_amount_not_negative', sql`${t.bonusAmount} >= 0`),
    check('orders_unit_price_not_negative', sql`${t.unitPrice} >= 0`),
    check('orders_discount_percent_range', isPercent(t.discountPercent)),
    check('orders_total_not_negative', sql`${t.total} >= 0`),
    check('orders_reserved_stock_not_negative', sql`${t.reservedStock} >= 0`),
    check('orders_dispute_shortfall_not_negative', sql`${t.disputeShortfall} >= 0`),
    check('orders_dispute_amount_not_negative', sql`${t.disputeAmount} >= 0`),
    check(
      'orders_needs_staff_reason_with_since',
      sql`(${t.needsStaffReason} is null) = (${t.needsStaffSince} is null)`,
    ),
  ],
);

/**
 * One payment attempt of an order: a Stripe checkout session, a BTCPay invoice or a sandbox
 * checkout. A retried checkout is a new row; the order's `payment_id` names the latest.
 */
export const payments = pgTable(
  'payments',
  {
    id: identityId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'no action' }),
    gateway: text('gateway', { enum: PAYMENT_GATEWAYS }).notNull(),
    /** The processor's id of the attempt: checkout session id, invoice id, sandbox payment id. */
    providerId: text('provider_id').notNull(),
    /** The processor's id of the money once paid (a Stripe payment intent), which disputes and refunds name. */
    providerReference: text('provider_reference'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('open'),
    checkoutUrl: text('checkout_url').notNull(),
    /** What the processor was asked to collect, in minor units of `currency`. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    /** Sent to the processor with the create call, so a retried call never opens a second checkout. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order_id_created_at_idx').on(t.orderId, t.createdAt),
    uniqueIndex('payments_gateway_provider_id_key').on(t.gateway, t.providerId),
    index('payments_gateway_provider_reference_idx')
      .on(t.gateway, t.providerReference)
      .where(sql`${t.providerReference} is not null`),
    uniqueIndex('payments_idempotency_key_key').on(t.idempotencyKey),
    check('payments_gateway_known', isOneOf(t.gateway, PAYMENT_GATEWAYS)),
    check('payments_status_known', isOneOf(t.status, PAYMENT_STATUSES)),
    check('payments_currency_known', isOneOf(t.currency, CURRENCIES)),
    check('payments_amount_not_negative', sql`${t.amount} >= 0`),
  ],
);

/** Every processor webhook received, once per provider event id (webhook idempotency). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: identityId(),
    provider: text('provider', { enum: PAYMENT_PROCESSORS }).notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    processedAt: timestamptz('processed_at'),
  },
  (t) => [
    unique('payment_events_provider_event_id_key').on(t.provider, t.eventId),
    index('payment_events_order_id_idx').on(t.orderId),
    check('payment_events_provider_known', isOneOf(t.provider, PAYMENT_PROCESSORS)),
  ],
);

export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type BulkDiscount = typeof bulkDiscounts.$inferSelect;
export type NewBulkDiscount = typeof bulkDiscounts.$inferInsert;
export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type Payment = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type PaymentEvent = typeof paymentEvents.$inferSelect;
export type NewPaymentEvent = typeof paymentEvents.$inferInsert;
