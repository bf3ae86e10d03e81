import { lockAccountRows, moveAccountRows } from '@ember/db/account-rows';
import { subscriptions } from '@ember/db/schema/subscriptions';
import type { HandedDb } from './db.ts';

// The subscriptions' part of an admin's account transfer (docs/decisions/0029-account-transfer.md);
// the users module runs it inside the transfer's transaction.

export const subscriptionsAccountTransfer = {
  /** The source's subscriptions, ascending id, as an extension or a refund locks one. */
  lock: (tx: HandedDb, fromUserId: number) =>
    lockAccountRows(tx, subscriptions, subscriptions.id, subscriptions.userId, fromUserId),

  /** Their disabled plugin links hang off the subscription and follow it. */
  move: (tx: HandedDb, fromUserId: number, toUserId: number) =>
    moveAccountRows(tx, subscriptions, subscriptions.userId, fromUserId, toUserId),
};
