import type { Order, Payment } from '@ember/db/schema/commerce';
import type { AttemptState } from '../../integrations/payments/payment-gateway.ts';
import type { PaymentGateways } from '../../integrations/payments/payment-gateways.ts';
import type { Db } from './db.ts';
import { moveOrder } from './order-transitions.ts';
import { findExpiredOrderIds, lockOrder } from './orders.repository.ts';
import { findLatestPaymentOfOrder, lockPayment, updatePayment } from './payments.repository.ts';

// The expiry of abandoned attempts (decision 0045): unpaid card and crypto orders past their
// pay-by time end expired, their open checkout closed at its processor first.

const BATCH = 200;

export interface OrderExpiryDeps {
  db: Db;
  gateways: PaymentGateways;
  /** Acts on what the processor said about an attempt it could no longer close (paid meanwhile). */
  settle: (attempt: Payment, state: AttemptState) => Promise<void>;
  warn: (message: string, details?: object) => void;
}

/** Whether the order is unpaid, taken by card or crypto (GP-paid orders wait for staff) and placed before `before`. */
const isDue = (order: Order, before: Date) =>
  (order.status === 'pending' || order.status === 'awaiting_payment') &&
  order.paymentProcessor !== 'GP' &&
  order.creationDate < before;

const placedBefore = (now: Date, expiryMinutes: number) => new Date(now.getTime() - expiryMinutes * 60_000);

export function createOrderExpiry(deps: OrderExpiryDeps) {
  const { db, gateways } = deps;

  /**
   * Closes an order's open checkout at its processor (Stripe expires the session, BTCPay marks the
   * invoice invalid) before the order ends unpaid. Answers 'closed' (or nothing was open),
   * 'paid' (the processor had money on it: settled as the webhooks would, so the order must not end
   * unpaid), 'open' (the processor kept it open) or 'unreachable' (it could not be asked).
   */
  async function closeOpenCheckout(
    orderId: number,
    why: string,
  ): Promise<'closed' | 'paid' | 'open' | 'unreachable'> {
    const attempt = await findLatestPaymentOfOrder(db, orderId);
    const gateway = attempt ? gateways.byName(attempt.gateway) : null;
    if (!attempt || !gateway || (attempt.status !== 'open' && attempt.status !== 'processing'))
      return 'closed';
    let state: AttemptState;
    try {
      state = await gateway.expireCheckout(attempt.providerId);
    } catch (error) {
      deps.warn(why, { orderId, providerId: attempt.providerId, reason: (error as Error).message });
      return 'unreachable';
    }
    if (state.outcome === 'open') return 'open';
    // Paid meanwhile, or closed with money on it (partly paid): acted on as the webhooks would.
    if (state.outcome !== 'expired' || state.attention) await deps.settle(attempt, state);
    return state.outcome === 'expired' ? 'closed' : 'paid';
  }

  /**
   * One unpaid card or crypto order placed before `before`: its open checkout closed at the
   * processor, then the order expired (true), or left as it is (false: paid meanwhile, not due, or
   * the processor could not be asked). Re-checked under the row lock, so a payment that lands
   * meanwhile wins.
   */
  async function expireOrder(id: number, before: Date): Promise<boolean> {
    const closing = await closeOpenCheckout(
      id,
      'The processor could not close an expiring checkout; the next sweep tries again',
    );
    if (closing !== 'closed') return false;
    return db.transaction(async (tx) => {
      const order = await lockOrder(tx, id);
      if (!order || !isDue(order, before)) return false;
      await moveOrder(tx, order, 'expired');
      const latest = await findLatestPaymentOfOrder(tx, id);
      const locked = latest ? await lockPayment(tx, latest.id) : null;
      if (locked?.status === 'open') await updatePayment(tx, locked.id, { status: 'expired' });
      return true;
    });
  }

  return {
    closeOpenCheckout,

    /**
     * The sweep (the commerce job, every minute): unpaid card and crypto orders older than the
     * expiry give their stock back and become expired, each in its own short transaction; an open
     * checkout is closed at its processor first, so it cannot be paid after the order expired
     * (issue 24, item 1); one the buyer paid meanwhile is settled instead, and one the processor
     * could not be asked about waits for the next sweep.
     */
    async sweep(now: Date, expiryMinutes: number): Promise<number> {
      const before = placedBefore(now, expiryMinutes);
      const candidates = await findExpiredOrderIds(db, before, BATCH);
      let expired = 0;
      for (const { id } of candidates) {
        if (await expireOrder(id, before)) expired++;
      }
      return expired;
    },

    /** The return page's check: an order past its pay-by time reads expired at once, as the next sweep would make it (issue 26). */
    async expireIfDue(order: Order, now: Date, expiryMinutes: number): Promise<void> {
      const before = placedBefore(now, expiryMinutes);
      if (isDue(order, before)) await expireOrder(order.id, before);
    },
  };
}

export type OrderExpiry = ReturnType<typeof createOrderExpiry>;
