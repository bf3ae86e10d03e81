import {
  ORDER_CHECKOUT_NOT_CLOSED_MESSAGE,
  ORDER_NOT_CANCELLABLE_MESSAGE,
  type OrderResponse,
} from '@ember/contracts/commerce';
import { isCancellableOrderStatus } from '@ember/contracts/order-status';
import type { Order } from '@ember/db/schema/commerce';
import { Conflict, NotFound, RetryLater } from '../../lib/errors.ts';
import { actorOf, type Caller } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import { recordAudit } from '../audit/index.ts';
import type { Db } from './db.ts';
import type { OrderExpiry } from './order-expiry.ts';
import { moveOrder } from './order-transitions.ts';
import { findOrderRow, lockOrder } from './orders.repository.ts';
import { findLatestPaymentOfOrder, lockPayment, updatePayment } from './payments.repository.ts';

// The buyer's attempts, their end (decision 0045): the buyer gives up an order not paid yet.

/** Orders that are over without payment: cancelling them again changes nothing. */
const ENDED_UNPAID_STATUSES = new Set<Order['status']>(['cancelled', 'failed', 'expired']);

export function createOrderCancel(deps: {
  db: Db;
  expiry: Pick<OrderExpiry, 'closeOpenCheckout'>;
  /** Answers with the order as it is now. */
  present: (orderId: number) => Promise<OrderResponse>;
}) {
  const { db } = deps;

  /**
   * PUT orders/{id}/cancel (the buyer, issue 26): an order not paid yet is cancelled and its stock
   * released at once. Its open checkout is closed at the processor first, as the expiry sweep
   * does (Stripe expires the session, BTCPay marks the invoice invalid), so it can no longer be
   * paid; if the processor says it was paid meanwhile, that payment is applied and the cancel is
   * refused (409). Cancelling an order that is already over unpaid changes nothing (200).
   */
  return async function cancel(caller: Caller, orderId: number): Promise<OrderResponse> {
    const order = await findOrderRow(db, orderId);
    if (!order) throw new NotFound(`No order with id ${orderId}.`);
    const role = authorize(caller, 'order:cancel', { userId: order.buyerId });
    if (ENDED_UNPAID_STATUSES.has(order.status)) return deps.present(order.id);
    if (!isCancellableOrderStatus(order.status)) throw new Conflict(ORDER_NOT_CANCELLABLE_MESSAGE);

    if (order.paymentId) {
      const closing = await deps.expiry.closeOpenCheckout(
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
  };
}
