import {
  ACCOUNT_HELD_MESSAGE,
  type CreatePaymentResponse,
  checkoutReturnHref,
  GP_ORDER_NO_CHECKOUT_MESSAGE,
  ORDER_NOT_PAYABLE_MESSAGE,
  type OrderResponse,
  STRIPE_MINIMUM_CENTS,
  STRIPE_MINIMUM_MESSAGE,
} from '@ember/contracts/commerce';
import type { PaymentGateway } from '@ember/contracts/enums';
import { isPayableOrderStatus } from '@ember/contracts/order-status';
import type { Order, Payment } from '@ember/db/schema/commerce';
import type { PaymentGateways } from '../../integrations/payments/payment-gateways.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors.ts';
import type { Caller } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import { accountStanding } from '../users/index.ts';
import { checkoutExpiry } from './checkout-expiry.ts';
import type { Db, HandedDb } from './db.ts';
import type { OrderExpiry } from './order-expiry.ts';
import { moveOrder } from './order-transitions.ts';
import { findOrderRow, lockOrder, setCheckoutExpiresAt } from './orders.repository.ts';
import type { PaymentOutcomes } from './payment-outcomes.ts';
import {
  countPaymentsOfOrder,
  findLatestPaymentOfOrder,
  findPaymentByIdempotencyKey,
  insertPayment,
} from './payments.repository.ts';

// The buyer's attempts (decision 0045): opening a checkout for an unpaid order, and reading back
// where it stands when the processor returns the buyer to the store.

export interface CheckoutAttemptsDeps {
  db: Db;
  clock: () => Date;
  gateways: PaymentGateways;
  outcomes: Pick<PaymentOutcomes, 'settle'>;
  expiry: Pick<OrderExpiry, 'expireIfDue'>;
  publicUrl: string;
  orderExpiryMinutes: number;
  /** Answers with the order as it is now. */
  present: (orderId: number) => Promise<OrderResponse>;
}

/** The order's latest attempt while a retry may answer it again: open, on this processor, order unpaid. */
const stillOpen = (latest: Payment | null, order: Order, gateway: PaymentGateway) =>
  latest?.status === 'open' && order.status === 'awaiting_payment' && latest.gateway === gateway
    ? latest
    : null;

const answerOf = (orderId: number, attempt: Pick<Payment, 'providerId' | 'checkoutUrl'>) => ({
  orderId,
  paymentId: attempt.providerId,
  checkoutUrl: attempt.checkoutUrl,
});

export function createCheckoutAttempts(deps: CheckoutAttemptsDeps) {
  const { db, clock, gateways } = deps;

  async function lockPayable(tx: HandedDb, orderId: number): Promise<Order> {
    const locked = await lockOrder(tx, orderId);
    if (!locked || !isPayableOrderStatus(locked.status)) throw new Conflict(ORDER_NOT_PAYABLE_MESSAGE);
    return locked;
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
      if (gateway.gateway === 'stripe' && order.total < STRIPE_MINIMUM_CENTS) {
        throw new Invalid(STRIPE_MINIMUM_MESSAGE);
      }

      const open = stillOpen(await findLatestPaymentOfOrder(db, order.id), order, gateway.gateway);
      if (open) return answerOf(order.id, open);

      // The attempt's parameters are fixed once, under the order lock: a retry or a concurrent
      // double click sends the same ones under the same key (issue 24, item 6).
      const attempt = await db.transaction(async (tx) => {
        const locked = await lockPayable(tx, order.id);
        const openedMeanwhile = stillOpen(
          await findLatestPaymentOfOrder(tx, order.id),
          locked,
          gateway.gateway,
        );
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
      if (attempt.open) return answerOf(order.id, attempt.open);
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
        const locked = await lockPayable(tx, order.id);
        // A concurrent call opened a checkout after this one looked: answer with that one.
        const openedMeanwhile = stillOpen(
          await findLatestPaymentOfOrder(tx, order.id),
          locked,
          gateway.gateway,
        );
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
      return answerOf(order.id, opened ?? (await findPaymentByIdempotencyKey(db, attempt.key)) ?? checkout);
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
        if (answer.outcome !== 'open' || answer.attention) await deps.outcomes.settle(payment, answer);
      }
      await deps.expiry.expireIfDue(order, clock(), deps.orderExpiryMinutes);
      return deps.present(order.id);
    },
  };
}
