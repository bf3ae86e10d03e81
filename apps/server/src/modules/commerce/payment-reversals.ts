import type { PaymentGateway } from '@ember/contracts/enums';
import type { Order, Payment } from '@ember/db/schema/commerce';
import type { PaymentGatewayClient, ProcessorEvent } from '../../integrations/payments/payment-gateway.ts';
import { RetryLater } from '../../lib/errors.ts';
import type { Db, HandedDb } from './db.ts';
import type { Fulfilment } from './fulfilment.ts';
import { flagForStaff } from './needs-staff.ts';
import { findOrderRow } from './orders.repository.ts';
import { PAID_ORDER_STATUSES, productOf } from './payment-outcomes.ts';
import {
  findPayment,
  findPaymentByReference,
  findPaymentsOfOrder,
  updatePayment,
} from './payments.repository.ts';

// Processor events, third step: money that moves after a payment (a dispute, a refund, a won
// dispute, a partial refund) takes back or gives back what the order delivered (decision 0045).

export type MoneyAction = Extract<ProcessorEvent['action'], { kind: 'reversal' | 'restore' | 'attention' }>;

export function createPaymentReversals(deps: { db: Db; clock: () => Date; fulfilment: Fulfilment }) {
  const { db, clock, fulfilment } = deps;

  return {
    /** A dispute, refund, won dispute or partial refund for a payment the store recorded. */
    async apply(tx: HandedDb, order: Order, payment: Payment, action: MoneyAction, eventId: string) {
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
        // back. Otherwise the payment is not recorded yet: the processor delivers this again later
        // (issue 24, item 8).
        if (payment.status !== 'paid' && order.needsStaffReason === null) {
          throw new RetryLater(
            'The payment this event reverses is not recorded yet; deliver it again later.',
          );
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
    },

    /**
     * The attempt a money event names: by its id, by the money's reference, or (a reference not
     * linked yet, issue 24 item 8) through the order the processor says the money belongs to.
     */
    async attemptOf(
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
    },
  };
}

export type PaymentReversals = ReturnType<typeof createPaymentReversals>;
