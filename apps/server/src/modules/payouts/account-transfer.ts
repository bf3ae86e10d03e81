import { payouts } from '@ember/db/schema/payouts';
import type { Db } from '@ember/db/types';
import { eq, sql } from 'drizzle-orm';

// The payouts' part of an admin's account transfer (docs/decisions/0029-account-transfer.md); the
// users module runs it inside the transfer's transaction.

export const payoutsAccountTransfer = {
  /** The source's payouts, ascending id, as a payout's confirmation locks one. */
  async lock(tx: Db, fromUserId: number): Promise<void> {
    await tx
      .select({ id: payouts.id })
      .from(payouts)
      .where(eq(payouts.userId, fromUserId))
      .orderBy(payouts.id)
      .for('update');
  },

  async move(tx: Db, fromUserId: number, toUserId: number): Promise<number> {
    const rows = await tx
      .update(payouts)
      .set({ userId: toUserId })
      .where(eq(payouts.userId, fromUserId))
      .returning({ one: sql`1` });
    return rows.length;
  },
};
