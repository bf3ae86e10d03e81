import { ACCOUNT_HELD_MESSAGE } from '@ember/contracts/commerce';
import { formatCredits } from '@ember/contracts/format';
import {
  TRANSFER_CREDITS_TO_BANNED_MESSAGE,
  TRANSFER_CREDITS_TO_SELF_MESSAGE,
} from '@ember/contracts/identity';
import { totalPagesOf } from '@ember/contracts/paging';
import {
  CREDITS_TRANSFERRED_MESSAGE,
  type myTransactionsQuery,
  type TransactionPage,
  type TransferCreditsResponse,
  type TrialBalance,
  type transactionsQuery,
  type transferCreditsQuery,
} from '@ember/contracts/wallet';
import { trialBalanceOf } from '@ember/db/books/check-books';
import type { Journal } from '@ember/db/books/journal';
import { creditTransferJournal } from '@ember/db/books/wallet-journals';
import type { z } from 'zod';
import { Conflict, Forbidden, Invalid, NotFound, Unprocessable } from '../../lib/errors.ts';
import { actorOf, type Caller } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import { recordAudit } from '../audit/index.ts';
import { findWalletHolder, findWalletHolderByDiscordId } from '../users/index.ts';
import type { Db, HandedDb } from './db.ts';
import { checkLedger } from './ledger-check.ts';
import { AlreadyPosted, postJournal } from './ledger-posting.ts';
import { findRecordedTransfer } from './recorded-transfers.repository.ts';
import {
  countTransactions,
  findTransactionsPage,
  type PageRequest,
  type TransactionFilters,
} from './transactions.repository.ts';

export { AlreadyPosted };

type TransferCreditsQuery = z.output<typeof transferCreditsQuery>;

export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used with different parameters.';

export function createWalletService({ db }: { db: Db }) {
  async function pageOfTransactions(
    filters: TransactionFilters,
    page: PageRequest,
  ): Promise<TransactionPage> {
    const [rows, total] = await Promise.all([
      findTransactionsPage(db, filters, page),
      countTransactions(db, filters, page),
    ]);
    return {
      content: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      totalPages: totalPagesOf(total, page.size),
    };
  }

  async function balanceOf(userId: number): Promise<number> {
    return (await findWalletHolder(db, userId))?.balance ?? 0;
  }

  /**
   * Whether a transfer was already recorded under this key. A retry with the same receiver and
   * amount is the same request (answered again, nothing moves); anything else reusing the key is
   * a client bug that must not look like a success.
   */
  async function alreadyTransferred(key: string, { targetDiscordId, amount }: TransferCreditsQuery) {
    const recorded = await findRecordedTransfer(db, key);
    if (!recorded) return false;
    const receiver = await findWalletHolderByDiscordId(db, targetDiscordId);
    if (recorded.receiverId !== receiver?.id || recorded.amount !== amount) {
      throw new Unprocessable(IDEMPOTENCY_KEY_REUSED_MESSAGE);
    }
    return true;
  }

  return {
    /** Posts one balanced journal inside the caller's transaction; see ledger-posting.ts. */
    postJournal: (tx: HandedDb, journal: Journal) => postJournal(tx, journal),

    /**
     * Spec §7 PUT /users/transfer-credits: a credit gift, one journal in one transaction.
     * With an idempotency key a retried request is answered as the first one was, moving nothing.
     */
    async transferCredits(
      caller: Caller,
      { targetDiscordId, amount }: TransferCreditsQuery,
      idempotencyKey?: string,
    ): Promise<TransferCreditsResponse> {
      const role = authorize(caller, 'credits:gift');
      const key = idempotencyKey ? `transfer:${caller.userId}:${idempotencyKey}` : undefined;
      const answer = async () => ({
        message: CREDITS_TRANSFERRED_MESSAGE,
        balance: await balanceOf(caller.userId),
      });
      if (key && (await alreadyTransferred(key, { targetDiscordId, amount }))) return answer();
      try {
        await db.transaction(async (tx) => {
          const sender = await findWalletHolder(tx, caller.userId);
          if (!sender) throw new NotFound('Your account no longer exists.');
          if (!sender.enabled) throw new Conflict('A banned account cannot transfer credits.');
          // Credits of a disputed payment must not leave the account before staff review it (ADR 0015).
          if (sender.heldAt) throw new Forbidden(ACCOUNT_HELD_MESSAGE);
          const receiver = await findWalletHolderByDiscordId(tx, targetDiscordId);
          if (!receiver) throw new NotFound('No user with that Discord ID.');
          if (receiver.id === sender.id) throw new Invalid(TRANSFER_CREDITS_TO_SELF_MESSAGE);
          if (!receiver.enabled) throw new Conflict(TRANSFER_CREDITS_TO_BANNED_MESSAGE);
          if (!sender.creditsTransferable) {
            throw new Conflict(
              'Credit transfers are locked for your account. Contact us on Discord if this is a mistake.',
            );
          }
          const posted = await postJournal(
            tx,
            creditTransferJournal({
              sender: { id: sender.id, username: sender.username },
              receiver: { id: receiver.id, username: receiver.username },
              amount,
              idempotencyKey: key,
              whenSenderShort: (available) =>
                new Invalid(
                  `Not enough credits: you can transfer at most ${formatCredits(available)} credits.`,
                ),
            }),
          );
          // Money that leaves one account for another is never a purchase: it goes on the audit trail.
          await recordAudit(tx, actorOf(caller, role), {
            action: 'credits:gift',
            target: { kind: 'USER', id: receiver.id },
            after: { from: sender.id, to: receiver.id, amount, journalId: posted?.journalId ?? null },
          });
        });
      } catch (error) {
        // A concurrent request with the same key won the race: compare with what it recorded.
        if (!(error instanceof AlreadyPosted && key)) throw error;
        await alreadyTransferred(key, { targetDiscordId, amount });
      }
      return answer();
    },

    listTransactions(caller: Caller, query: z.output<typeof transactionsQuery>): Promise<TransactionPage> {
      authorize(caller, 'transaction:list');
      const { discordId, type, account, referenceKind, referenceId, ...page } = query;
      return pageOfTransactions({ discordId, type, account, referenceKind, referenceId }, page);
    },

    /** Every account's balance and their total (0 when the books balance), as `ledger:check` computes it. */
    trialBalance(caller: Caller): Promise<TrialBalance> {
      authorize(caller, 'ledger:read');
      return trialBalanceOf(db);
    },

    listOwnTransactions(
      caller: Caller,
      query: z.output<typeof myTransactionsQuery>,
    ): Promise<TransactionPage> {
      authorize(caller, 'transaction:read', { userId: caller.userId });
      const { type, account, ...page } = query;
      return pageOfTransactions({ userId: caller.userId, type, account }, page);
    },

    checkLedger: () => checkLedger(db),
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
