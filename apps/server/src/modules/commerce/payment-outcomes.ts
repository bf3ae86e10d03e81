import type { PaymentStatus } from '@ember/contracts/enums';
import type { Order, Payment } from '@ember/db/schema/commerce';
import type { AttemptState, PaymentOutcome } from '../../integrations/payments/payment-gateway.ts';
import { AppError } from '../../lib/errors.ts';
import type { Db, HandedDb } from './db.ts';
import type { Fulfilment } from './fulfilment.ts';
import { flagForStaff } from './needs-staff.ts';
import { moveOrder } from './order-transitions.ts';
import { lockOrder } from './orders.repository.ts';
import { lockPayment, updatePayment } from './payments.repository.ts';
import { findProduct } from './products.repository.ts';

// Processor events, second step: what a processor says about one attempt (paid, processing,
// failed, ...) becomes the order's outcome and, once paid, its fulfilment (decision 0045).

export interface PaymentOutcomesDeps {
  db: Db;
  clock: () => Date;
  fulfilment: Fulfilment;
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
export const PAID_ORDER_STATUSES = new Set<Order['status']>([
  'completed',
  'processing',
  'payment_received',
  'disputed',
]);

const money = (amount: number, currency: string) => `${amount} ${currency} (minor units)`;

export async function productOf(tx: HandedDb, order: Order) {
  const product = await findProduct(tx, order.productId);
  if (!product) throw new Error(`order ${order.id} references missing product ${order.productId}`);
  return product;
}

/** Runs `act` with the attempt's order and the attempt itself locked, in that order, re-read under the locks. */
async function withLockedAttempt<T>(
  tx: HandedDb,
  attempt: Pick<Payment, 'id' | 'orderId'>,
  act: (order: Order, payment: Payment) => Promise<T>,
): Promise<T | null> {
  const order = await lockOrder(tx, attempt.orderId);
  const payment = order ? await lockPayment(tx, attempt.id) : null;
  if (!order || !payment) return null;
  return act(order, payment);
}

export function createPaymentOutcomes({ db, clock, fulfilment }: PaymentOutcomesDeps) {
  /** Fulfils; a payment arriving for an order that can no longer be fulfilled is flagged for staff, not lost. */
  async function fulfilLate(tx: HandedDb, order: Order, now: Date) {
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

  /**
   * Acts on what a processor says about one attempt, in the caller's transaction with the order
   * and then the attempt locked (both re-read under their locks, issue 24 item 7). paid → the one
   * fulfilment, only when the processor collected exactly the attempt's amount and currency;
   * processing → payment_received; failed / cancelled / expired fail the order only while this
   * attempt is its current one and it is unpaid, so a late or out-of-order failure never undoes a
   * fulfilment. Money the store cannot settle alone flags the order for staff.
   */
  async function apply(tx: HandedDb, order: Order, payment: Payment, state: AttemptState) {
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

  return {
    apply,
    /**
     * What the processor said when asked about an attempt (the return page's check, a checkout the
     * expiry could not close), acted on as its webhook would be, in a transaction of its own.
     */
    async settle(attempt: Pick<Payment, 'id' | 'orderId'>, state: AttemptState): Promise<void> {
      await db.transaction((tx) =>
        withLockedAttempt(tx, attempt, (order, payment) => apply(tx, order, payment, state)),
      );
    },
  };
}

export type PaymentOutcomes = ReturnType<typeof createPaymentOutcomes>;
