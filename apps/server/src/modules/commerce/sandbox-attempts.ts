import type { PaymentOutcome } from '../../integrations/payments/payment-gateway.ts';
import type { HandedDb } from './db.ts';
import { findOrderRow } from './orders.repository.ts';
import { findPayment } from './payments.repository.ts';

// The sandbox processor (development and tests) keeps no state of its own: its attempts are the
// store's payment rows.

/** The sandbox has no memory but ours: an attempt's outcome is its row's status. */
export async function sandboxOutcomeOf(db: HandedDb, providerId: string): Promise<PaymentOutcome> {
  const payment = await findPayment(db, 'sandbox', providerId);
  const status = payment?.status ?? 'open';
  return status === 'refunded' || status === 'disputed' ? 'paid' : status;
}

/** The sandbox checkout page's attempt and its order, or null. */
export async function findSandboxAttempt(db: HandedDb, providerId: string) {
  const payment = await findPayment(db, 'sandbox', providerId);
  if (!payment) return null;
  const order = await findOrderRow(db, payment.orderId);
  return order ? { payment, order } : null;
}
