import type { LedgerAccount, LedgerEntryType } from '@ember/contracts/enums';
import { NOT_ENOUGH_CREDITS_MESSAGE } from '@ember/contracts/wallet';
import { isUniqueViolation } from '@ember/db/errors';
import type { LedgerEntry } from '@ember/db/schema/wallet';
import type { Db } from '@ember/db/types';
import { type AppError, Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import { addToAccount, findAccountValue, insertLedgerEntry } from './ledger.repository.ts';

/** One movement of credits or earnings, as a caller asks for it. */
export interface LedgerPosting {
  userId: number;
  account: LedgerAccount;
  type: LedgerEntryType;
  /** Signed whole credits, never 0: positive adds to the account, negative takes from it. */
  amount: number;
  description: string;
  /** What the movement paid for (subscription, order, payout, user). */
  entityId?: string | number | null;
  /** Set by callers that may retry: a key already on the ledger refuses the whole batch with `AlreadyPosted`. */
  idempotencyKey?: string;
  /** The refusal when the account cannot cover a negative amount; gets what the account holds. */
  whenInsufficient?: (available: number) => AppError;
}

/** The batch was already recorded under its idempotency key; the caller's transaction must roll back. */
export class AlreadyPosted extends Conflict {
  constructor(readonly idempotencyKey: string | undefined) {
    super('This request was already processed.');
  }
}

const IDEMPOTENCY_CONSTRAINT = 'ledger_entries_idempotency_key_key';

const defaultRefusal = (account: LedgerAccount) => () =>
  account === 'CREDITS' ? new Invalid(NOT_ENOUGH_CREDITS_MESSAGE) : new Conflict('Not enough earnings.');

/**
 * The one way credits and earnings move. Runs inside the caller's transaction `tx`: for each entry
 * a conditional UPDATE of the cached balance (refused rather than going below 0) and the ledger row
 * with the balance right after it. Entries are applied in ascending user id, so two transactions
 * touching the same users always lock them in the same order and cannot deadlock.
 */
export async function postLedgerEntries(tx: Db, postings: readonly LedgerPosting[]): Promise<LedgerEntry[]> {
  const ordered = postings
    .map((posting, index) => ({ posting, index }))
    .sort((a, b) => a.posting.userId - b.posting.userId || a.index - b.index)
    .map(({ posting }) => posting);
  const posted: LedgerEntry[] = [];
  for (const posting of ordered) {
    if (!Number.isSafeInteger(posting.amount) || posting.amount === 0) {
      throw new Error(`A ledger amount must be a non-zero whole number, got ${posting.amount}`);
    }
    const balanceAfter = await addToAccount(tx, posting.userId, posting.account, posting.amount);
    if (balanceAfter === null) throw await refusalFor(tx, posting);
    try {
      posted.push(
        await insertLedgerEntry(tx, {
          userId: posting.userId,
          account: posting.account,
          type: posting.type,
          amount: posting.amount,
          balanceAfter,
          description: posting.description,
          entityId:
            posting.entityId === undefined || posting.entityId === null ? null : String(posting.entityId),
          idempotencyKey: posting.idempotencyKey ?? null,
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error, IDEMPOTENCY_CONSTRAINT)) throw new AlreadyPosted(posting.idempotencyKey);
      throw error;
    }
  }
  return posted;
}

async function refusalFor(tx: Db, posting: LedgerPosting): Promise<AppError> {
  const available = await findAccountValue(tx, posting.userId, posting.account);
  if (available === null) return new NotFound('That account no longer exists.');
  return (posting.whenInsufficient ?? defaultRefusal(posting.account))(available);
}
