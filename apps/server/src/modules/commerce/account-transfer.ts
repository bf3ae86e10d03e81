import { orders } from '@ember/db/schema/commerce';
import type { Db } from '@ember/db/types';
import { eq } from 'drizzle-orm';

// The orders' part of an admin's account transfer (docs/decisions/0029-account-transfer.md); the
// users module runs it inside the transfer's transaction.

export const ordersAccountTransfer = {
  /** The source's orders, ascending id, as an order's fulfilment locks one. */
  async lock(tx: Db, fromUserId: number): Promise<void> {
    await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.buyerId, fromUserId))
      .orderBy(orders.id)
      .for('update');
  },

  /** Orders the source bought (a pending one is paid to the target's account when it completes). */
  async move(tx: Db, fromUserId: number, toUserId: number): Promise<number> {
    const rows = await tx
      .update(orders)
      .set({ buyerId: toUserId })
      .where(eq(orders.buyerId, fromUserId))
      .returning({ id: orders.id });
    return rows.length;
  },
};
