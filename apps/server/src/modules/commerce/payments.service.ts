import {
  ACCOUNT_HELD_MESSAGE,
  type CreatePaymentResponse,
  checkoutReturnHref,
  GP_ORDER_NO_CHECKOUT_MESSAGE,
  ORDER_NOT_PAYABLE_MESSAGE,
  type OrderResponse,
} from '@ember/contracts/commerce';
import type { PaymentGateway, PaymentProcessor, PaymentStatus } from '@ember/contracts/enums';
import { isPayableOrderStatus } from '@ember/contracts/order-status';
import type { Order, Payment } from '@ember/db/schema/commerce';
import type { Db } from '@ember/db/types';
import type { PaymentOutcome, ProcessorEvent } from '../../integrations/payments/payment-gateway.ts';
import type { PaymentGateways } from '../../integrations/payments/payment-gateways.ts';
import { AppError, Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors.ts';
import type { Caller } from '../../policy/caller.ts';
import { authorize } from '../../policy/policy.ts';
import { accountStanding } from '../users/account-standing.service.ts';
import type { Fulfilment } from './fulfilment.ts';
import { moveOrder } from './order-transitions.ts';
import { findOrderRow, lockOrder } from './orders.repository.ts';
import {
  countPaymentsOfOrder,
  findLatestPaymentOfOrder,
  findPayment,
  findPaymentByIdempotencyKey,
  findPaymentByReference,
  insertPayment,
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

/** How a webhook was handled, for the answer and the log. */
export type WebhookResult = 'applied' | 'duplicate' | 'ignored' | 'unknown-payment';

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

/** Which processor's clearing account and event namespace an attempt belongs to. */
const PROVIDER_OF: Record<PaymentGateway, PaymentProcessor | null> = {
  stripe: 'STRIPE',
  btcpay: 'CRYPTO',
  sandbox: null,
};

/** Spec §7 POST payments, the processors' webhooks and the return-page check (decision 0014). */
export function createPaymentsService(deps: PaymentsDeps) {
  const { db, clock, gateways, fulfilment } = deps;

  /**
   * Acts on what a processor says about one attempt, in one transaction with the order locked.
   * paid → the one fulfilment; processing → payment_received; failed / cancelled / expired fail
   * the order only while this attempt is its current one and it is unpaid, so a late or
   * out-of-order failure never undoes a fulfilment.
   */
  async function applyOutcome(tx: Db, payment: Payment, outcome: PaymentOutcome, reference?: string) {
    const order = await lockOrder(tx, payment.orderId);
    if (!order) return;
    if (!FINAL_PAYMENT_STATUSES.has(payment.status) && payment.status !== PAYMENT_STATUS_OF[outcome]) {
      await updatePayment(tx, payment.id, {
        status: PAYMENT_STATUS_OF[outcome],
        ...(reference ? { providerReference: reference } : {}),
      });
    } else if (reference && !payment.providerReference) {
      await updatePayment(tx, payment.id, { providerReference: reference });
    }
    const current = order.paymentId === payment.providerId;
    switch (outcome) {
      case 'paid':
        await fulfilLate(tx, order);
        return;
      case 'processing':
        if (current && order.status === 'awaiting_payment') await moveOrder(tx, order, 'payment_received');
        return;
      case 'failed':
      case 'cancelled':
      case 'expired':
        if (current && (order.status === 'awaiting_payment' || order.status === 'payment_received')) {
          await moveOrder(
            tx,
            order,
            outcome === 'failed' ? 'failed' : outcome === 'cancelled' ? 'cancelled' : 'expired',
          );
        }
        return;
      case 'open':
        return;
    }
  }

  /** Fulfils; a payment arriving for an order whose stock is gone meanwhile is kept for staff, not lost. */
  async function fulfilLate(tx: Db, order: Order) {
    const product = await findProduct(tx, order.productId);
    if (!product) throw new Error(`order ${order.id} references missing product ${order.productId}`);
    try {
      await tx.transaction((savepoint) => fulfilment.fulfilPaidOrder(savepoint, order, product, clock()));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      deps.warn('A payment arrived for an order that can no longer be fulfilled; staff must refund it', {
        orderId: order.id,
        status: order.status,
        reason: error.message,
      });
    }
  }

  async function applyReversal(tx: Db, payment: Payment, reason: string, refund: boolean) {
    const order = await lockOrder(tx, payment.orderId);
    if (!order) return;
    const product = await findProduct(tx, order.productId);
    if (!product) throw new Error(`order ${order.id} references missing product ${order.productId}`);
    await fulfilment.reversePaidOrder(tx, order, product, clock(), reason);
    await updatePayment(tx, payment.id, { status: refund ? 'refunded' : 'disputed' });
  }

  async function paymentOfEvent(gateway: PaymentGateway, event: ProcessorEvent): Promise<Payment | null> {
    const action = event.action;
    if (action.kind === 'outcome') return findPayment(db, gateway, action.providerId);
    if (action.kind === 'reversal') {
      if (action.providerId) return findPayment(db, gateway, action.providerId);
      if (action.reference) return findPaymentByReference(db, gateway, action.reference);
    }
    return null;
  }

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

      const stillOpen = (latest: Payment | null, current: Order) =>
        latest?.status === 'open' &&
        current.status === 'awaiting_payment' &&
        latest.gateway === gateway.gateway
          ? latest
          : null;
      const open = stillOpen(await findLatestPaymentOfOrder(db, order.id), order);
      if (open) return { orderId: order.id, paymentId: open.providerId, checkoutUrl: open.checkoutUrl };
      const attempt = (await countPaymentsOfOrder(db, order.id)) + 1;
      const attemptKey = `order-${order.id}-attempt-${attempt}`;
      const now = clock();
      const expiresAt = new Date(
        Math.max(
          order.creationDate.getTime() + deps.orderExpiryMinutes * 60_000,
          now.getTime() + 15 * 60_000,
        ),
      );
      const checkout = await gateway.createCheckout({
        orderId: order.id,
        attemptKey,
        amount: order.total,
        description: `${order.productName} × ${order.amount} (order #${order.id})`,
        buyerId: order.buyerId,
        returnUrl: `${deps.publicUrl}${checkoutReturnHref(order.id)}`,
        expiresAt,
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
          idempotencyKey: attemptKey,
        });
        // A concurrent identical call recorded this attempt first: answer with it.
        if (!inserted) return null;
        await moveOrder(tx, locked, 'awaiting_payment', { paymentId: checkout.providerId });
        return null;
      });
      const recorded = opened ?? (await findPaymentByIdempotencyKey(db, attemptKey));
      const answer = recorded ?? { providerId: checkout.providerId, checkoutUrl: checkout.checkoutUrl };
      return { orderId: order.id, paymentId: answer.providerId, checkoutUrl: answer.checkoutUrl };
    },

    /**
     * A verified webhook: recorded once per provider event id in the same transaction that acts
     * on it (a repeat, also a concurrent one, finds the row and changes nothing).
     */
    async handleWebhook(gatewayName: PaymentGateway, event: ProcessorEvent): Promise<WebhookResult> {
      const payment = await paymentOfEvent(gatewayName, event);
      const provider: PaymentProcessor =
        PROVIDER_OF[gatewayName] ??
        (payment ? ((await findOrderRow(db, payment.orderId))?.paymentProcessor ?? 'STRIPE') : 'STRIPE');
      return db.transaction(async (tx) => {
        // The order first: recording the event takes a key-share lock on it (foreign key), so two
        // events of one order that recorded first and locked second would deadlock.
        if (payment) await lockOrder(tx, payment.orderId);
        const first = await recordPaymentEvent(tx, {
          provider,
          eventId: event.eventId,
          eventType: event.eventType,
          orderId: payment?.orderId ?? null,
          payload: event.payload,
          at: clock(),
        });
        if (!first) return 'duplicate';
        if (event.action.kind === 'ignored') return 'ignored';
        if (!payment) return 'unknown-payment';
        if (event.action.kind === 'outcome') {
          await applyOutcome(tx, payment, event.action.outcome, event.action.reference);
        } else {
          await applyReversal(tx, payment, event.action.reason, event.action.refund);
        }
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
        if (answer.outcome !== 'open') {
          await db.transaction((tx) => applyOutcome(tx, payment, answer.outcome, answer.reference));
        }
      }
      return deps.present(order.id);
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
