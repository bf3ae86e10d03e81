import type { HandedDb } from './db.ts';

// What an admin's account transfer gives the target of other modules' tables (spec §5,
// docs/decisions/0029-account-transfer.md). Each owning module moves its own rows by their user
// column; app.ts hands those steps in, and the transfer runs them in one transaction, in the order
// written in lockWhatMoves and the transfer itself.

type LockRows = (tx: HandedDb, fromUserId: number, toUserId: number) => Promise<void>;
/** Gives the source's rows to the target; answers how many moved. */
type MoveRows = (tx: HandedDb, fromUserId: number, toUserId: number, now: Date) => Promise<number>;

export interface AccountTransferSteps {
  votes: { lock: LockRows; move: MoveRows };
  subscriptions: { lock: LockRows; move: MoveRows };
  orders: { lock: LockRows; move: MoveRows };
  payouts: { lock: LockRows; move: MoveRows };
  /** Client sessions and their logs (counts the sessions). */
  sessions: { move: MoveRows };
  accessListEntries: { move: MoveRows };
}

/**
 * Locks what the transfer moves, before it locks the two users rows: first both users' vote locks
 * (the votes module's advisory lock, ascending id; a vote takes it before touching subscriptions),
 * then the source's subscriptions, orders and payouts (ascending id). Every other change of one of
 * those rows locks the row first and the account second (an extension, a refund, an order's
 * fulfilment, a payout's confirmation), so taking them in the same order cannot deadlock with it.
 */
export async function lockWhatMoves(
  steps: AccountTransferSteps,
  tx: HandedDb,
  fromUserId: number,
  toUserId: number,
): Promise<void> {
  for (const step of [steps.votes, steps.subscriptions, steps.orders, steps.payouts]) {
    await step.lock(tx, fromUserId, toUserId);
  }
}
