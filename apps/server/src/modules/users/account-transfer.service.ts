import {
  ACCOUNT_ALREADY_TRANSFERRED_MESSAGE,
  type AccountTransferResponse,
  TRANSFER_TARGET_DISABLED_MESSAGE,
  TRANSFER_TARGET_NOT_FOUND_MESSAGE,
  TRANSFER_TO_SELF_MESSAGE,
} from '@ember/contracts/admin-users';
import type { Journal } from '@ember/db/books/journal';
import type { PostedJournal } from '@ember/db/books/post-journal';
import { accountTransferJournal } from '@ember/db/books/wallet-journals';
import { pgErrorOf } from '@ember/db/errors';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import { actorOf, type Caller } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import { recordAudit } from '../audit/index.ts';
import { type AccountTransferSteps, lockWhatMoves } from './account-transfer-steps.ts';
import {
  noUser,
  refuseOwnerAccountToOthers,
  reloadAdminUser,
  snapshotOf,
  toAdminUserResponse,
} from './admin-user-rows.ts';
import type { Db, HandedDb } from './db.ts';
import { lockAdminUsersInOrder, markTransferred, setVipUntilWithRole } from './users-admin.repository.ts';

export const TRANSFER_SOURCE_HELD_MESSAGE =
  'This account is held after a payment dispute: release the hold before transferring it.';

/** PostgreSQL's deadlock_detected: the transaction was rolled back, and running it again is safe. */
const DEADLOCK_DETECTED = '40P01';
const DEADLOCK_ATTEMPTS = 3;

/**
 * Runs a transaction again when PostgreSQL broke a deadlock by rolling it back. The transfer takes
 * its locks in the order other changes do (lockWhatMoves), so this only covers a row created and
 * locked by someone else in the moment between its locks.
 */
async function retriedOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= DEADLOCK_ATTEMPTS || pgErrorOf(error)?.code !== DEADLOCK_DETECTED) throw error;
    }
  }
}

export interface AccountTransferDeps {
  db: Db;
  clock: () => Date;
  /** The wallet's posting of one balanced journal inside the caller's transaction. */
  wallet: { postJournal(tx: HandedDb, journal: Journal): Promise<PostedJournal | null> };
  /** The client API's tokens of an account, moved with it (how many). */
  clientTokens: { moveAccount(tx: HandedDb, fromUserId: number, toUserId: number): Promise<number> };
  /** The other modules' rows an account transfer moves, each by its owner. */
  accountTransfer: AccountTransferSteps;
}

export function createAccountTransfer({
  db,
  clock,
  wallet,
  clientTokens,
  accountTransfer,
}: AccountTransferDeps) {
  /**
   * Spec §7 POST /users/{userId}/transfer-account?targetId, in one transaction with both accounts
   * locked in id order: one ACCOUNT_TRANSFER journal for credits and earnings, then the source's
   * subscriptions, orders, payouts, client sessions, client tokens, votes and list entries; the
   * source is left disabled, pointing at the target (docs/decisions/0029-account-transfer.md).
   */
  return async function transferAccount(
    caller: Caller,
    sourceId: number,
    targetId: number,
  ): Promise<AccountTransferResponse> {
    const role = authorize(caller, 'user:transfer-account', { userId: sourceId });
    if (sourceId === targetId) throw new Invalid(TRANSFER_TO_SELF_MESSAGE);
    return retriedOnDeadlock(() =>
      db.transaction(async (tx) => {
        await lockWhatMoves(accountTransfer, tx, sourceId, targetId);
        const locked = await lockAdminUsersInOrder(tx, [sourceId, targetId]);
        const source = locked.get(sourceId);
        const target = locked.get(targetId);
        if (!source) throw noUser(sourceId);
        if (!target) throw new NotFound(TRANSFER_TARGET_NOT_FOUND_MESSAGE);
        if (source.transferredToId !== null) throw new Conflict(ACCOUNT_ALREADY_TRANSFERRED_MESSAGE);
        if (!target.enabled) throw new Conflict(TRANSFER_TARGET_DISABLED_MESSAGE);
        if (source.heldAt !== null) throw new Conflict(TRANSFER_SOURCE_HELD_MESSAGE);
        refuseOwnerAccountToOthers(caller, source);
        const now = clock();

        const posted = await wallet.postJournal(
          tx,
          accountTransferJournal({
            source: { id: source.id, username: source.username },
            target: { id: target.id, username: target.username },
            credits: source.balance,
            earnings: source.earnings,
          }),
        );
        const moved = {
          subscriptions: await accountTransfer.subscriptions.move(tx, sourceId, targetId, now),
          credits: source.balance,
          earnings: source.earnings,
          orders: await accountTransfer.orders.move(tx, sourceId, targetId, now),
          payouts: await accountTransfer.payouts.move(tx, sourceId, targetId, now),
          sessions: await accountTransfer.sessions.move(tx, sourceId, targetId, now),
          clientTokens: await clientTokens.moveAccount(tx, sourceId, targetId),
          votes: await accountTransfer.votes.move(tx, sourceId, targetId, now),
          accessListEntries: await accountTransfer.accessListEntries.move(tx, sourceId, targetId, now),
        };
        // VIP time the source still had: the target keeps whichever end is later.
        if (
          source.vipUntil &&
          source.vipUntil > now &&
          !(target.vipUntil && target.vipUntil >= source.vipUntil)
        ) {
          await setVipUntilWithRole(tx, targetId, source.vipUntil);
        }
        await markTransferred(tx, sourceId, targetId);

        const sourceAfter = await reloadAdminUser(tx, sourceId);
        const targetAfter = await reloadAdminUser(tx, targetId);
        await recordAudit(tx, actorOf(caller, role), {
          action: 'user:transfer-account',
          target: { kind: 'USER', id: sourceId },
          before: { source: snapshotOf(source), target: snapshotOf(target) },
          after: {
            source: snapshotOf(sourceAfter),
            target: snapshotOf(targetAfter),
            moved,
            journalId: posted?.journalId ?? null,
          },
        });
        return {
          source: toAdminUserResponse(sourceAfter, now),
          target: toAdminUserResponse(targetAfter, now),
          moved,
        };
      }),
    );
  };
}
