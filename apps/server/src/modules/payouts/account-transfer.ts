import { lockAccountRows, moveAccountRows } from '@ember/db/account-rows';
import { payouts } from '@ember/db/schema/payouts';
import type { HandedDb } from './db.ts';

// The payouts' part of an admin's account transfer (docs/decisions/0029-account-transfer.md); the
// users module runs it inside the transfer's transaction.

export const payoutsAccountTransfer = {
  /** The source's payouts, ascending id, as a payout's confirmation locks one. */
  lock: (tx: HandedDb, fromUserId: number) =>
    lockAccountRows(tx, payouts, payouts.id, payouts.userId, fromUserId),

  move: (tx: HandedDb, fromUserId: number, toUserId: number) =>
    moveAccountRows(tx, payouts, payouts.userId, fromUserId, toUserId),
};
