import { subscriptions } from '@ember/db/schema/subscriptions';
import type { Db } from '@ember/db/types';
import { eq, sql } from 'drizzle-orm';

// The subscriptions' part of an admin's account transfer (docs/decisions/0029-account-transfer.md);
// the users module runs it inside the transfer's transaction.

export const subscriptionsAccountTransfer = {
  /** The source's subscriptions, ascending id, as an extension or a refund locks one. */
  async lock(tx: Db, fromUserId: number): Promise<void> {
    await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.userId, fromUserId))
      .orderBy(subscriptions.id)
      .for('update');
  },

  /** Their disabled plugin links hang off the subscription and follow it. */
  async move(tx: Db, fromUserId: number, toUserId: number): Promise<number> {
    const rows = await tx
      .update(subscriptions)
      .set({ userId: toUserId })
      .where(eq(subscriptions.userId, fromUserId))
      .returning({ one: sql`1` });
    return rows.length;
  },
};
