import {
  ACCOUNT_HELD_MESSAGE,
  type CreatePaymentResponse,
  checkoutReturnHref,
  GP_ORDER_NO_CHECKOUT_MESSAGE,
  ORDER_CHECKOUT_NOT_CLOSED_MESSAGE,
  ORDER_NOT_CANCELLABLE_MESSAGE,
  ORDER_NOT_PAYABLE_MESSAGE,
  type OrderResponse,
  STRIPE_MINIMUM_CENTS,
  STRIPE_MINIMUM_MESSAGE,
} from '@ember/contracts/commerce';
import type { PaymentGateway, PaymentProcessor, PaymentStatus } from '@ember/contracts/enums';
import { isCancellableOrderStatus, isPayableOrderStatus } from '@ember/contracts/order-status';
import type { Order, Payment } from '@ember/db/schema/commerce';
import type { Db } from '@ember/db/types';
import type {
  AttemptState,
  PaymentGatewayClient,
  PaymentOutcome,
  ProcessorEvent,
} from '../../integrations/payments/payment-gateway.ts';
import type { PaymentGateways } from '../../integrations/payments/payment-gateways.ts';
import { AppError, Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors.ts';
import { actorOf, type Caller } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import { recordAudit } from '../audit/index.ts';
import { accountStanding } from '../users/index.ts';
import { checkoutExpiry } from './checkout-expiry.ts';
import type { Fulfilment } from './fulfilment.ts';
import { flagForStaff } from './needs-staff.ts';
import {
  closeOpenCheckout,
  expireUnpaidOrder,
  expireUnpaidOrders,
  type OrderExpiryDeps,
} from './order-expiry.ts';
import { moveOrder } from './order-transitions.ts';
import { findOrderRow, lockOrder, setCheckoutExpiresAt } from './orders.repository.ts';
import {
  countPaymentsOfOrder,
  findLatestPaymentOfOrder,
  findPayment,
  findPaymentById,
  findPaymentByIdempotencyKey,
  findPaymentByReference,
  findPaymentsOfOrder,
  insertPayment,
  lockPayment,
  recordPaymentEvent,
  updatePayment,
} from './payments.repository.ts';
import { findProduct } from './products.repository.ts';

export interface PaymentsDeps {
  db: Db;
  clock: () => Date;
  gateways: PaymentGateways;
  fulfilment: Fulfilment;
  publicUrl: string;
  orderExpiryMinutes: number;
  /** Answers with the order as it is now. */
  present: (orderId: number) => Promise<OrderResponse>;
  warn: (message: string, details?: object) => void;
}

/** Orders that are over without payment: cancelling them again changes nothing. */
const ENDED_UNPAID_STATUSES = new Set<Order['status']>(['cancelled', 'failed', 'expired']);

/** How a webhook was handled, for the answer and the log. */
export type WebhookResult = 'applied' | 'duplicate' | 'ignored' | 'unknown-payment';

/**
 * 503: the event names money the store cannot place yet (a refund before its payment was
 * recorded); nothing was recorded, so the processor delivers it again later (issue 24, item 8).
 */
export class RetryLater extends AppError {
  constructor(message: string) {
    super(503, message);
  }
}

/** An attempt's status after an outcome; a settled attempt never goes back to open or failed. */
const PAYMENT_STATUS_OF: Record<PaymentOutcome, PaymentStatus> = {
  open: 'open',
  processing: 'processing',
  paid: 'paid',
  failed: 'failed',
  cancelled: 'cancelled',
  expired: 'expired',
};
const FINAL_PAYMENT_STATUSES = new Set<PaymentStatus>(['paid', 'refunded', 'disputed']);
/** Order statuses whose money the store has acted on: a reversal can take it back. */
const PAID_ORDER_STATUSES = new Set<Order['status']>([
  'completed',
  'processing',
  'payment_received',
  'disputed',
]);

/** Which processor's clearing account and event namespace an attempt belongs to. */
const PROVIDER_OF: Record<PaymentGateway, PaymentProcessor | null> = {
  stripe: 'STRIPE',
  btcpay: 'CRYPTO',
  sandbox: null,
};

type Action = ProcessorEvent['action'];
type MoneyAction = Extract<Action, { kind: 'reversal' | 'restore' | 'attention' }>;

const money = (amount: number, currency: string) => `${amount} ${currency} (minor units)`;

/** Spec §7 POST payments, the processors' webhooks and the return-page check (decision 0014). */
export function createPaymentsService(deps: PaymentsDeps) {
  const { db, clock, gateways, fulfilment } = deps;

  async function productOf(tx: Db, order: Order) {
    const product = await findProduct(tx, order.productId);
    if (!product) throw new Error(`order ${order.id} references missing product ${order.productId}`);
    return product;
  }

  /**
   * Acts on what a processor says about one attempt, in the caller's transaction with the order
   * and then the attempt locked (both re-read under their locks, issue 24 item 7). paid → the one
   * fulfilment, only when the processor collected exactly the attempt's amount and currency;
   * processing → payment_received; failed / cancelled / expired fail the order only while this
   * attempt is its current one and it is unpaid, so a late or out-of-order failure never undoes a
   * fulfilment. Money the store cannot settle alone flags the order for staff.
   */
  async function applyOutcome(tx: Db, order: Order, payment: Payment, state: AttemptState) {
    const now = clock();
    const { outcome, collected } = state;
    if (state.reference && !payment.providerReference) {
      await updatePayment(tx, payment.id, { providerReference: state.reference });
    }
    if (outcome === 'paid' && collected) {
      const currency = collected.currency.toUpperCase();
      if (collected.amount !== payment.amount || currency !== payment.currency) {
        await flagForStaff(
          tx,
          order.id,
          `The processor reports ${money(collected.amount, currency)} paid on attempt ${payment.providerId}, but it was for ${money(payment.amount, payment.currency)}: nothing was delivered.`,
          now,
          { providerId: payment.providerId },
        );
        return;
      }
    }
    if (!FINAL_PAYMENT_STATUSES.has(payment.status) && payment.status !== PAYMENT_STATUS_OF[outcome]) {
      await updatePayment(tx, payment.id, { status: PAYMENT_STATUS_OF[outcome] });
    }
    const current = order.paymentId === payment.providerId;
    switch (outcome) {
      case 'paid':
        if (!current && PAID_ORDER_STATUSES.has(order.status) && payment.status !== 'paid') {
          await flagForStaff(
            tx,
            order.id,
            `Attempt ${payment.providerId} was paid too, after the order was already paid: refund one.`,
            now,
            { providerId: payment.providerId },
          );
        } else {
          await fulfilLate(tx, order, now);
        }
        break;
      case 'processing':
        if (current && order.status === 'awaiting_payment') await moveOrder(tx, order, 'payment_received');
        break;
      case 'failed':
      case 'cancelled':
      case 'expired':
        if (current && (order.status === 'awaiting_payment' || order.status === 'payment_received')) {
          await moveOrder(tx, order, outcome);
        }
        break;
      case 'open':
        break;
    }
    if (state.attention) {
      await flagForStaff(tx, order.id, state.attention, now, { providerId: payment.providerId });
    }
  }

  /** Fulfils; a payment arriving for an order that can no longer be fulfilled is flagged for staff, not lost. */
  async function fulfilLate(tx: Db, order: Order, now: Date) {
    const product = await productOf(tx, order);
    try {
      await tx.transaction((savepoint) => fulfilment.fulfilPaidOrder(savepoint, order, product, now));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await flagForStaff(
        tx,
        order.id,
        `Paid while ${order.status.replace('_', ' ')}, but it could not be fulfilled (${error.message}): refund the buyer or deliver by hand.`,
        now,
        { status: order.status },
      );
    }
  }

  /** A dispute, refund, won dispute or partial refund for a payment the store recorded. */
  async function applyMoney(tx: Db, order: Order, payment: Payment, action: MoneyAction, eventId: string) {
    const now = clock();
    if (action.kind === 'attention') {
      await flagForStaff(tx, order.id, action.reason, now, { providerId: payment.providerId });
      return;
    }
    const product = await productOf(tx, order);
    if (action.kind === 'restore') {
      const restored = await fulfilment.restoreWonDispute(tx, order, product, action.reason, eventId);
      if (!restored) {
        await flagForStaff(
          tx,
          order.id,
          `${action.reason}: give the buyer back what the dispute took (${product.kind}) and release any hold.`,
          now,
        );
      } else if (order.status === 'disputed' && payment.status === 'disputed') {
        await updatePayment(tx, payment.id, { status: 'paid' });
      }
      return;
    }
    if (!PAID_ORDER_STATUSES.has(order.status)) {
      // Paid but never fulfilled (already flagged for staff): nothing to take back, the money went
      // back. Otherwise the payment is not recorded yet: the processor delivers this again later.
      if (payment.status !== 'paid' && order.needsStaffReason === null) {
        throw new RetryLater('The payment this event reverses is not recorded yet; deliver it again later.');
      }
      await updatePayment(tx, payment.id, { status: action.refund ? 'refunded' : 'disputed' });
      await flagForStaff(tx, order.id, `${action.reason} after a payment that was never fulfilled.`, now);
      return;
    }
    await fulfilment.reversePaidOrder(tx, order, product, now, action.reason, {
      ...(action.amount === undefined ? {} : { amount: action.amount }),
      key: eventId,
    });
    await updatePayment(tx, payment.id, { status: action.refund ? 'refunded' : 'disputed' });
  }

  /**
   * The attempt a money event names: by its id, by the money's reference, or (a reference not
   * linked yet, issue 24 item 8) through the order the processor says the money belongs to.
   */
  async function paymentOfMoney(
    gateway: PaymentGatewayClient | null,
    name: PaymentGateway,
    action: MoneyAction,
  ): Promise<{ payment: Payment | null; link?: string }> {
    if (action.providerId) return { payment: await findPayment(db, name, action.providerId) };
    if (!action.reference) return { payment: null };
    const linked = await findPaymentByReference(db, name, action.reference);
    if (linked || !gateway?.orderOfReference) return { payment: linked };
    const orderId = await gateway.orderOfReference(action.reference);
    if (!orderId) return { payment: null };
    const order = await findOrderRow(db, orderId);
    if (!order) return { payment: null };
    const attempts = (await findPaymentsOfOrder(db, orderId)).filter(
      (row) => row.gateway === name && !row.providerReference,
    );
    const payment = attempts.find((row) => row.providerId === order.paymentId) ?? attempts.at(-1) ?? null;
    return { payment, link: action.reference };
  }

  /** Runs `act` with the attempt's order and the attempt itself locked, in that order, re-read under the locks. */
  async function withLockedAttempt<T>(
    tx: Db,
    paymentId: number,
    orderId: number,
    act: (order: Order, payment: Payment) => Promise<T>,
  ): Promise<T | null> {
    const order = await lockOrder(tx, orderId);
    const payment = order ? await lockPayment(tx, paymentId) : null;
    if (!order || !payment) return null;
    return act(order, payment);
  }

  /** What the order expiry needs: the processors, and the webhooks' way of settling what they say. */
  const expiryDeps: OrderExpiryDeps = {
    db,
    gateways,
    warn: deps.warn,
    settle: async (paymentId, state) => {
      const payment = await findPaymentById(db, paymentId);
      if (!payment) return;
      await db.transaction((tx) =>
        withLockedAttempt(tx, payment.id, payment.orderId, (order, row) =>
          applyOutcome(tx, order, row, state),
        ),
      );
    },
  };

  return {
    /**
     * POST payments?orderId: opens a checkout for the caller's unpaid order with the processor
     * configured for it and answers with its URL (the route puts it in Location). A retried call
     * while the last checkout is still open answers the same checkout.
     */
    async create(caller: Caller, orderId: number): Promise<CreatePaymentResponse> {
      const order = await findOrderRow(db, orderId);
      if (!order) throw new NotFound(`No order with id ${orderId}.`);
      authorize(caller, 'order:pay', { userId: order.buyerId });
      if (order.paymentProcessor === 'GP') throw new Invalid(GP_ORDER_NO_CHECKOUT_MESSAGE);
      if (!isPayableOrderStatus(order.status)) throw new Conflict(ORDER_NOT_PAYABLE_MESSAGE);
      if (await accountStanding.isHeld(db, caller.userId)) throw new Forbidden(ACCOUNT_HELD_MESSAGE);
      const gateway = gateways.forProcessor(order.paymentProcessor);
      if (!gateway) throw new Conflict('This payment method is not available right now.');
      if (gateway.gateway === 'stripe' && order.total < STRIPE_MINIMUM_CENTS) {
        throw new Invalid(STRIPE_MINIMUM_MESSAGE);
      }

      const stillOpen = (latest: Payment | null, current: Order) =>
        latest?.status === 'open' &&
        current.status === 'awaiting_payment' &&
        latest.gateway === gateway.gateway
          ? latest
          : null;
      const open = stillOpen(await findLatestPaymentOfOrder(db, order.id), order);
      if (open) return { orderId: order.id, paymentId: open.providerId, checkoutUrl: open.checkoutUrl };

      // The attempt's parameters are fixed once, under the order lock: a retry or a concurrent
      // double click sends the same ones under the same key (issue 24, item 6).
      const attempt = await db.transaction(async (tx) => {
        const locked = await lockOrder(tx, order.id);
        if (!locked || !isPayableOrderStatus(locked.status)) throw new Conflict(ORDER_NOT_PAYABLE_MESSAGE);
        const openedMeanwhile = stillOpen(await findLatestPaymentOfOrder(tx, order.id), locked);
        if (openedMeanwhile) return { open: openedMeanwhile } as const;
        const number = (await countPaymentsOfOrder(tx, order.id)) + 1;
        const expiresAt = checkoutExpiry(locked, clock(), deps.orderExpiryMinutes);
        if (expiresAt.getTime() !== locked.checkoutExpiresAt?.getTime()) {
          await setCheckoutExpiresAt(tx, order.id, expiresAt);
        }
        return {
          open: null,
          key: `order-${order.id}-attempt-${number}-${expiresAt.getTime() / 1000}`,
          expiresAt,
        };
      });
      if (attempt.open) {
        return {
          orderId: order.id,
          paymentId: attempt.open.providerId,
          checkoutUrl: attempt.open.checkoutUrl,
        };
      }
      const checkout = await gateway.createCheckout({
        orderId: order.id,
        attemptKey: attempt.key,
        amount: order.total,
        description: `${order.productName} × ${order.amount} (order #${order.id})`,
        buyerId: order.buyerId,
        returnUrl: `${deps.publicUrl}${checkoutReturnHref(order.id)}`,
        expiresAt: attempt.expiresAt,
      });
      const opened = await db.transaction(async (tx) => {
        const locked = await lockOrder(tx, order.id);
        if (!locked || !isPayableOrderStatus(locked.status)) throw new Conflict(ORDER_NOT_PAYABLE_MESSAGE);
        // A concurrent call opened a checkout after this one looked: answer with that one.
        const openedMeanwhile = stillOpen(await findLatestPaymentOfOrder(tx, order.id), locked);
        if (openedMeanwhile) return openedMeanwhile;
        const inserted = await insertPayment(tx, {
          orderId: order.id,
          gateway: gateway.gateway,
          providerId: checkout.providerId,
          checkoutUrl: checkout.checkoutUrl,
          amount: order.total,
          currency: order.currency,
          idempotencyKey: attempt.key,
        });
        // A concurrent identical call recorded this attempt first: answer with it.
        if (!inserted) return null;
        await setCheckoutExpiresAt(tx, order.id, null);
        await moveOrder(tx, locked, 'awaiting_payment', { paymentId: checkout.providerId });
        return null;
      });
      const recorded = opened ?? (await findPaymentByIdempotencyKey(db, attempt.key));
      const answer = recorded ?? { providerId: checkout.providerId, checkoutUrl: checkout.checkoutUrl };
      return { orderId: order.id, paymentId: answer.providerId, checkoutUrl: answer.checkoutUrl };
    },

    /**
     * A verified webhook: recorded once per provider event id in the same transaction that acts
     * on it (a repeat, also a concurrent one, finds the row and changes nothing). A BTCPay
     * delivery only names its invoice: the invoice is re-fetched and its state acted on (item 4).
     */
    async handleWebhook(gatewayName: PaymentGateway, event: ProcessorEvent): Promise<WebhookResult> {
      const gateway = gateways.byName(gatewayName);
      let action: Action = event.action;
      let payment: Payment | null = null;
      let link: string | undefined;
      if (action.kind === 'outcome') {
        payment = await findPayment(db, gatewayName, action.providerId);
        if (payment && action.refetch && gateway) {
          action = {
            kind: 'outcome',
            providerId: action.providerId,
            ...(await gateway.lookup(action.providerId)),
          };
        }
      } else if (action.kind !== 'ignored') {
        ({ payment, link } = await paymentOfMoney(gateway, gatewayName, action));
      }
      const provider: PaymentProcessor =
        PROVIDER_OF[gatewayName] ??
        (payment ? ((await findOrderRow(db, payment.orderId))?.paymentProcessor ?? 'STRIPE') : 'STRIPE');
      const resolved = action;
      return db.transaction(async (tx) => {
        // The order first: recording the event takes a key-share lock on it (foreign key), so two
        // events of one order that recorded first and locked second would deadlock.
        const order = payment ? await lockOrder(tx, payment.orderId) : null;
        const first = await recordPaymentEvent(tx, {
          provider,
          eventId: event.eventId,
          eventType: event.eventType,
          orderId: payment?.orderId ?? null,
          payload: event.payload,
          at: clock(),
        });
        if (!first) return 'duplicate';
        if (resolved.kind === 'ignored') return 'ignored';
        const locked = order && payment ? await lockPayment(tx, payment.id) : null;
        if (!order || !locked) return 'unknown-payment';
        if (link && !locked.providerReference) {
          await updatePayment(tx, locked.id, { providerReference: link });
        }
        if (resolved.kind === 'outcome') await applyOutcome(tx, order, locked, resolved);
        else await applyMoney(tx, order, locked, resolved, event.eventId);
        return 'applied';
      });
    },

    /**
     * POST orders/{id}/check (the return page): asks the processor about the order's current
     * attempt and acts on the answer with the same code as the webhooks; answers the order.
     */
    async check(caller: Caller, orderId: number): Promise<OrderResponse> {
      const order = await findOrderRow(db, orderId);
      if (!order) throw new NotFound(`No order with id ${orderId}.`);
      authorize(caller, 'order:read', { userId: order.buyerId });
      const payment = order.paymentId ? await findLatestPaymentOfOrder(db, order.id) : null;
      const gateway = payment ? gateways.byName(payment.gateway) : null;
      if (payment && gateway && (payment.status === 'open' || payment.status === 'processing')) {
        const answer = await gateway.lookup(payment.providerId);
        if (answer.outcome !== 'open' || answer.attention) {
          await db.transaction((tx) =>
            withLockedAttempt(tx, payment.id, payment.orderId, (locked, row) =>
              applyOutcome(tx, locked, row, answer),
            ),
          );
        }
      }
      // Past its pay-by time and still unpaid: expired now, as the next sweep would (issue 26), so
      // the page that asked reads it at once.
      const before = new Date(clock().getTime() - deps.orderExpiryMinutes * 60_000);
      const unpaid = order.status === 'pending' || order.status === 'awaiting_payment';
      if (unpaid && order.paymentProcessor !== 'GP' && order.creationDate < before) {
        await expireUnpaidOrder(expiryDeps, order.id, before);
      }
      return deps.present(order.id);
    },

    /**
     * PUT orders/{id}/cancel (the buyer, issue 26): an order not paid yet is cancelled and its stock
     * released at once. Its open checkout is closed at the processor first, as the expiry sweep
     * does (Stripe expires the session, BTCPay marks the invoice invalid), so it can no longer be
     * paid; if the processor says it was paid meanwhile, that payment is applied and the cancel is
     * refused (409). Cancelling an order that is already over unpaid changes nothing (200).
     */
    async cancel(caller: Caller, orderId: number): Promise<OrderResponse> {
      const order = await findOrderRow(db, orderId);
      if (!order) throw new NotFound(`No order with id ${orderId}.`);
      const role = authorize(caller, 'order:cancel', { userId: order.buyerId });
      if (ENDED_UNPAID_STATUSES.has(order.status)) return deps.present(order.id);
      if (!isCancellableOrderStatus(order.status)) throw new Conflict(ORDER_NOT_CANCELLABLE_MESSAGE);

      if (order.paymentId) {
        const closing = await closeOpenCheckout(
          expiryDeps,
          order.id,
          'The processor could not close a checkout the buyer cancelled',
        );
        if (closing === 'open' || closing === 'unreachable') {
          throw new RetryLater(ORDER_CHECKOUT_NOT_CLOSED_MESSAGE);
        }
      }

      await db.transaction(async (tx) => {
        const locked = await lockOrder(tx, order.id);
        if (!locked || ENDED_UNPAID_STATUSES.has(locked.status)) return;
        if (!isCancellableOrderStatus(locked.status)) throw new Conflict(ORDER_NOT_CANCELLABLE_MESSAGE);
        await moveOrder(tx, locked, 'cancelled');
        const latest = await findLatestPaymentOfOrder(tx, order.id);
        const voided = latest ? await lockPayment(tx, latest.id) : null;
        if (voided && (voided.status === 'open' || voided.status === 'processing')) {
          await updatePayment(tx, voided.id, { status: 'cancelled' });
        }
        await recordAudit(tx, actorOf(caller, role), {
          action: 'order:cancel',
          target: { kind: 'ORDER', id: order.id },
          before: { status: locked.status, reservedStock: locked.reservedStock },
          after: { status: 'cancelled', reservedStock: 0 },
        });
      });
      return deps.present(order.id);
    },

    /** The expiry sweep (commerce job): closes the processors' checkouts with their orders (item 1). */
    expireUnpaid(now: Date, expiryMinutes: number): Promise<number> {
      return expireUnpaidOrders(expiryDeps, now, expiryMinutes);
    },

    /** The sandbox checkout page: the attempt and its order, or null. */
    async sandboxAttempt(providerId: string) {
      const payment = await findPayment(db, 'sandbox', providerId);
      if (!payment) return null;
      const order = await findOrderRow(db, payment.orderId);
      return order ? { payment, order } : null;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/** The sandbox has no memory but ours: an attempt's outcome is its row's status. */
export async function sandboxOutcomeOf(db: Db, providerId: string): Promise<PaymentOutcome> {
  const payment = await findPayment(db, 'sandbox', providerId);
  const status = payment?.status ?? 'open';
  return status === 'refunded' || status === 'disputed' ? 'paid' : status;
}
