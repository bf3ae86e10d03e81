import { TABLE_DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from './constants.ts';
import {
  currencySchema,
  orderStatusSchema,
  paymentProcessorSchema,
  productKindSchema,
} from './enum-schemas.ts';
import { ORDER_STATUSES, PAYMENT_GATEWAYS, PAYMENT_PROCESSORS, PAYMENT_STATUSES } from './enums.ts';
import { INT4_MAX, idField, idParam } from './ids.ts';
import { pageNumberParam, pageOf, pageSizeParam, sortParam } from './paging.ts';
import { blankAsMissing } from './query-filters.ts';
import { z } from './zod.ts';

export * from './commerce-products.ts';

// Contracts of products, orders and payments (spec §7 "Orders, payments, products", §3 Order,
// Product, Bulk discount, §5 product purchase, §8 order toasts). API paths are written where they
// are used, relative to the commerce API base (public config `api.commerce`, default /api/commerce),
// in the route and in the web's fetcher, as every other API path is; named here are only the
// addresses outside every API base that the payment processors' adapters also build.

/** Processor webhooks: absolute paths, outside the three API bases, raw bodies, no bearer token. */
export const WEBHOOK_PATHS = {
  stripe: '/api/webhooks/stripe',
  btcpay: '/api/webhooks/btcpay',
  sandbox: '/api/webhooks/sandbox',
} as const;

/** The sandbox processor's local checkout page (server-rendered, Pay and Cancel). */
export const SANDBOX_CHECKOUT_PATH = '/sandbox-checkout/:paymentId';

/**
 * Where every processor sends the buyer back: the web's checkout return page (page route
 * `checkout`), which shows the order's real status and polls (POST checkOrder) until it is final.
 */
export const checkoutReturnHref = (orderId: number) => `/checkout/${orderId}`;

// ---------------------------------------------------------------------------------------------
// Messages (spec §5, §8) and server refusals.

export const INVALID_AMOUNT_MESSAGE = 'Please enter a valid amount.';
export const TERMS_NOT_ACCEPTED_MESSAGE = 'Please agree to the terms of service';
export const CONFIRM_PAYMENT_REDIRECT_MESSAGE = 'Press OK to continue to payment page';
export const CONFIRM_COMPLETE_ORDER_MESSAGE = 'Are you sure you want to complete this order?';
export const ORDER_COMPLETED_MESSAGE = 'Order completed successfully!';
export const NO_PRODUCTS_MESSAGE = 'No Products Available';

export const minimumPurchaseMessage = (minimum: number) => `The minimum purchase is ${minimum}.`;
export const maximumPurchaseMessage = (maximum: number) => `The maximum purchase is ${maximum}.`;
export const outOfStockMessage = (left: number) =>
  left === 0 ? 'This product is out of stock.' : `Only ${left} left in stock.`;
export const PRODUCT_UNAVAILABLE_MESSAGE = 'This product is not available.';
export const ACCOUNT_HELD_MESSAGE =
  'This account is on hold while staff review a payment dispute. Contact us on Discord.';
export const ORDER_NOT_PAYABLE_MESSAGE = 'This order cannot be paid any more.';
export const GP_ORDER_NO_CHECKOUT_MESSAGE =
  'Orders paid in GP have no checkout: trade the gold in game and our staff complete the order.';
export const ORDER_NOT_COMPLETABLE_MESSAGE = 'This order cannot be completed in its current state.';
export const ORDER_NOT_NEEDING_STAFF_MESSAGE = 'This order does not need staff.';
export const ORDER_NOT_CANCELLABLE_MESSAGE = 'This order has been paid and can no longer be cancelled.';
export const ORDER_CHECKOUT_NOT_CLOSED_MESSAGE =
  'The payment page could not be closed just now. Try again in a minute.';
export const ORDER_CANCELLED_MESSAGE = 'Order cancelled.';

/** Stripe refuses to charge less than 50 euro cents. */
export const STRIPE_MINIMUM_CENTS = 50;
export const STRIPE_MINIMUM_MESSAGE = 'Card payments must be at least €0.50: buy a little more.';

/** The prefilled support message the Order Placed modal copies (spec §2 Products pages). */
export const orderSupportMessage = (orderId: number, productName: string) =>
  `Hello, I placed order #${orderId} (${productName}) and would like to arrange the in-game trade.`;

// ---------------------------------------------------------------------------------------------
// Orders.

/** An amount of units, typed by a person: a whole number from 1 (spec §5 'Please enter a valid amount.'). */
const orderAmount = z
  .number({ error: INVALID_AMOUNT_MESSAGE })
  .int(INVALID_AMOUNT_MESSAGE)
  .min(1, INVALID_AMOUNT_MESSAGE)
  .max(INT4_MAX, INVALID_AMOUNT_MESSAGE);

export const EXTRA_INFO_MAX_LENGTH = 500;

/**
 * POST /orders. Only these fields are read: any total, price or discount the client adds is
 * ignored, the server prices the order itself. extraInfo: the buyer's note (e.g. in-game name).
 */
export const createOrderBody = z.object(
  {
    amount: orderAmount,
    productId: idField('product'),
    extraInfo: z
      .string({ error: 'The extra information must be text.' })
      .trim()
      .max(EXTRA_INFO_MAX_LENGTH, `The extra information can be at most ${EXTRA_INFO_MAX_LENGTH} characters.`)
      .nullish()
      .transform((value) => (value ? value : null)),
  },
  { error: 'The request body must be a JSON object.' },
);
export type CreateOrderBody = z.input<typeof createOrderBody>;

export const orderBuyer = z.object({
  id: z.number().int(),
  discordId: z.string(),
  displayName: z.string(),
  username: z.string(),
});

/** Spec §3 Order. totalPrice is minor units of `currency`, computed by the server. */
export const orderResponse = z.object({
  id: z.number().int(),
  buyer: orderBuyer,
  product: z.object({
    id: z.number().int(),
    name: z.string(),
    kind: productKindSchema,
    paymentProcessor: paymentProcessorSchema,
    currency: currencySchema,
    priceUnit: z.string(),
    unitSize: z.number().int(),
  }),
  productName: z.string(),
  amount: z.number().int(),
  /** Free units from a bulk discount, delivered on top of amount. */
  bonusAmount: z.number().int(),
  unitPrice: z.number().int(),
  discountPercent: z.number().int(),
  totalPrice: z.number().int(),
  currency: currencySchema,
  orderStatus: orderStatusSchema,
  paymentProcessor: paymentProcessorSchema,
  /** The processor's id of the latest payment attempt (checkout session, invoice), if any. */
  paymentId: z.string().nullable(),
  extraInfo: z.string().nullable(),
  creationDate: z.iso.datetime(),
  completedDate: z.iso.datetime().nullable(),
  /**
   * Money arrived or went in a way the store could not settle alone (a late payment with the stock
   * gone, a partial or over-payment, a partial refund...): what staff must look at; null if nothing.
   */
  needsStaff: z.object({ reason: z.string(), since: z.iso.datetime() }).nullable(),
  /**
   * An unpaid card or crypto order (pending or awaiting payment) expires at this time unless it is
   * paid; null for every other order (paid, ended, or paid in GP, which never expires on its own).
   */
  payBy: z.iso.datetime().nullable(),
});
export type OrderResponse = z.infer<typeof orderResponse>;
export const ordersResponse = z.array(orderResponse);
export const orderPageResponse = pageOf(orderResponse);
export type OrderPage = z.infer<typeof orderPageResponse>;

/** One payment attempt of an order (a retried checkout is a new attempt). */
export const paymentResponse = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  /** Which processor implementation ran it: Stripe, BTCPay, or the local sandbox. */
  gateway: z.enum(PAYMENT_GATEWAYS),
  /** The processor's id: Stripe checkout session, BTCPay invoice, sandbox payment. */
  providerId: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  checkoutUrl: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type PaymentResponse = z.infer<typeof paymentResponse>;

/** GET /orders/{id}/full: the order with its attempts and, after a dispute, what could not be taken back. */
export const orderFullResponse = orderResponse.extend({
  payments: z.array(paymentResponse),
  completedBy: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  /** Units delivered: (amount + bonusAmount) × the product's unit size (credits, GP or VIP days). */
  deliveredUnits: z.number().int(),
  /** After a dispute: credits that could not be taken back (0 when all were). */
  disputeShortfall: z.number().int().nullable(),
  /** After a dispute or refund: the money it took back, in minor units of currency. */
  disputeAmount: z.number().int().nullable(),
});
export type OrderFullResponse = z.infer<typeof orderFullResponse>;

export const orderIdParams = z.object({ id: idParam('order') });

export const ORDER_SORT_KEYS = ['creationDate', 'id', 'totalPrice', 'orderStatus'] as const;
export type OrderSortKey = (typeof ORDER_SORT_KEYS)[number];

/**
 * GET /orders (PAYMENTS): paged, sortable (default creationDate descending), searchable by key=query
 * pairs (spec §7): an exact order id, buyer id, buyer Discord id, status, processor, product or
 * payment id; `search` is one free text box matching an order id, buyer id, Discord id or payment id.
 */
export const ordersQuery = z.object({
  page: pageNumberParam,
  size: pageSizeParam(TABLE_DEFAULT_PAGE_SIZE, Math.max(...TABLE_PAGE_SIZES)),
  sort: sortParam(ORDER_SORT_KEYS, { key: 'creationDate', order: 'desc' }),
  search: z
    .string()
    .trim()
    .max(100, 'The search can be at most 100 characters.')
    .optional()
    .transform(blankAsMissing),
  id: idParam('order').optional(),
  buyerId: idParam('user').optional(),
  discordId: z
    .string()
    .trim()
    .regex(/^[0-9]{1,20}$/, 'A Discord id is a number, like 314159265358979301.')
    .optional(),
  /** Either case: the specification writes the statuses upper-case (PENDING), the API lower-case. */
  orderStatus: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform(blankAsMissing)
    .pipe(
      z.enum(ORDER_STATUSES, { error: `The status must be one of ${ORDER_STATUSES.join(', ')}.` }).optional(),
    ),
  paymentProcessor: z
    .string()
    .trim()
    .toUpperCase()
    .optional()
    .transform(blankAsMissing)
    .pipe(
      z
        .enum(PAYMENT_PROCESSORS, {
          error: `The payment method must be one of ${PAYMENT_PROCESSORS.join(', ')}.`,
        })
        .optional(),
    ),
  productId: idParam('product').optional(),
  paymentId: z.string().trim().max(200).optional().transform(blankAsMissing),
  /** true: only the orders that need staff; false: only those that do not. */
  needsStaff: z
    .enum(['true', 'false'], { error: 'needsStaff is true or false.' })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
});

/** GET /orders/needs-staff/count: the badge of /orders. */
export const ordersNeedingStaffResponse = z.object({ count: z.number().int() });
export type OrdersNeedingStaffResponse = z.infer<typeof ordersNeedingStaffResponse>;

// ---------------------------------------------------------------------------------------------
// Payments.

/** POST /payments?orderId */
export const createPaymentQuery = z.object({ orderId: idParam('order') });

/** 201, with `Location: checkoutUrl`: send the buyer there (after the spec's confirm). */
export const createPaymentResponse = z.object({
  orderId: z.number().int(),
  paymentId: z.string(),
  checkoutUrl: z.string(),
});
export type CreatePaymentResponse = z.infer<typeof createPaymentResponse>;

// ---------------------------------------------------------------------------------------------
// Account holds after disputes.

export const accountHoldResponse = z.object({
  userId: z.number().int(),
  discordId: z.string(),
  username: z.string(),
  heldAt: z.iso.datetime(),
  reason: z.string(),
});
export type AccountHoldResponse = z.infer<typeof accountHoldResponse>;
export const accountHoldsResponse = z.array(accountHoldResponse);
export const accountHoldParams = z.object({ userId: idParam('user') });
