import type { Db } from '@ember/db/types';
import { moveOrder } from './order-transitions.ts';
import { findExpiredOrderIds, lockOrder } from './orders.repository.ts';
import { findLatestPaymentOfOrder, updatePayment } from './payments.repository.ts';

const BATCH = 200;

/**
 * Unpaid card and crypto orders older than the expiry give their stock back and become expired,
 * each in its own short transaction (re-checked under the row lock, so a payment that lands
 * meanwhile wins). GP-paid orders wait for staff and never expire on their own.
 */
export async function expireUnpaidOrders(db: Db, now: Date, expiryMinutes: number): Promise<number> {
  const before = new Date(now.getTime() - expiryMinutes * 60_000);
  const candidates = await findExpiredOrderIds(db, before, BATCH);
  let expired = 0;
  for (const { id } of candidates) {
    const moved = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, id);
      if (!order || (order.status !== 'pending' && order.status !== 'awaiting_payment')) return false;
      if (order.creationDate >= before) return false;
      await moveOrder(tx, order, 'expired');
      const attempt = await findLatestPaymentOfOrder(tx, id);
      if (attempt && attempt.status === 'open') await updatePayment(tx, attempt.id, { status: 'expired' });
      return true;
    });
    if (moved) expired++;
  }
  return expired;
}
