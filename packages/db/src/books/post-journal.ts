import { isUniqueViolation } from '../errors.ts';
import { ledgerEntries, ledgerJournals, type NewLedgerEntry } from '../schema/wallet.ts';
import type { Db } from '../types.ts';
import {
  balancedPostings,
  InsufficientFunds,
  isUserPosting,
  type Journal,
  JournalAlreadyPosted,
  type UserPosting,
} from './journal.ts';
import { addToUserAccount, findUserAccountBalance } from './user-accounts.ts';

const IDEMPOTENCY_CONSTRAINT = 'ledger_journals_idempotency_key_key';

export interface PostedJournal {
  journalId: number;
  /** Each user posting's account balance right after it, in the order the journal lists them. */
  balancesAfter: Map<UserPosting, number>;
}

/**
 * The one way money moves. Runs inside the caller's transaction `tx`: refuses a journal that does
 * not balance, records the journal (a repeated idempotency key refuses it with
 * JournalAlreadyPosted), moves each user account with a conditional UPDATE of its cached balance
 * (refused with the posting's own error, or InsufficientFunds, rather than going below 0), then
 * writes every posting. User accounts are moved in ascending user id, so two transactions touching
 * the same users lock them in the same order and cannot deadlock. Returns null when every amount
 * is 0 (nothing to record).
 */
export async function postJournal(tx: Db, journal: Journal): Promise<PostedJournal | null> {
  const postings = balancedPostings(journal);
  if (postings.length === 0) return null;
  const journalId = await insertJournal(tx, journal);

  const balancesAfter = new Map<UserPosting, number>();
  const userPostings = postings
    .filter(isUserPosting)
    .map((posting, index) => ({ posting, index }))
    .sort((a, b) => a.posting.userId - b.posting.userId || a.index - b.index)
    .map(({ posting }) => posting);
  for (const posting of userPostings) {
    const balanceAfter = await addToUserAccount(tx, posting.userId, posting.account, posting.amount);
    if (balanceAfter === null) throw await refusalFor(tx, posting);
    balancesAfter.set(posting, balanceAfter);
  }

  const createdAt = journal.at;
  await tx.insert(ledgerEntries).values(
    postings.map(
      (posting): NewLedgerEntry => ({
        journalId,
        userId: isUserPosting(posting) ? posting.userId : null,
        account: isUserPosting(posting) ? posting.account : posting.system,
        type: posting.type,
        amount: posting.amount,
        balanceAfter: isUserPosting(posting) ? (balancesAfter.get(posting) ?? null) : null,
        description: posting.description,
        ...(createdAt ? { createdAt } : {}),
      }),
    ),
  );
  return { journalId, balancesAfter };
}

async function insertJournal(tx: Db, journal: Journal): Promise<number> {
  try {
    const [row] = await tx
      .insert(ledgerJournals)
      .values({
        kind: journal.kind,
        referenceKind: journal.reference.kind,
        referenceId: journal.reference.id,
        description: journal.description,
        idempotencyKey: journal.idempotencyKey ?? null,
        ...(journal.at ? { createdAt: journal.at } : {}),
      })
      .returning({ id: ledgerJournals.id });
    if (!row) throw new Error('journal insert returned no row');
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error, IDEMPOTENCY_CONSTRAINT))
      throw new JournalAlreadyPosted(journal.idempotencyKey);
    throw error;
  }
}

async function refusalFor(tx: Db, posting: UserPosting): Promise<Error> {
  const available = await findUserAccountBalance(tx, posting.userId, posting.account);
  if (available === null || !posting.whenInsufficient) return new InsufficientFunds(posting, available);
  return posting.whenInsufficient(available);
}
