import { lockAccountRows, moveAccountRows } from '@ember/db/account-rows';
import { orders } from '@ember/db/schema/commerce';
import type { HandedDb } from './db.ts';

// The orders' part of an admin's account transfer (docs/decisions/0029-account-transfer.md); the
// users module runs it inside the transfer's transaction.

export const ordersAccountTransfer = {
  /** The source's orders, ascending id, as an order's fulfilment locks one. */
  lock: (tx: HandedDb, fromUserId: number) =>
    lockAccountRows(tx, orders, orders.id, orders.buyerId, fromUserId),

  /** Orders the source bought (a pending one is paid to the target's account when it completes). */
  move: (tx: HandedDb, fromUserId: number, toUserId: number) =>
    moveAccountRows(tx, orders, orders.buyerId, fromUserId, toUserId),
};
