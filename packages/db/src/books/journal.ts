import type {
  JournalKind,
  JournalReferenceKind,
  LedgerAccount,
  LedgerEntryType,
  SystemAccount,
} from '@ember/contracts/enums';

/** A posting to one of a user's accounts; its balance is cached on the user and may not go below 0. */
export interface UserPosting {
  userId: number;
  account: LedgerAccount;
  type: LedgerEntryType;
  /** Signed whole credits, never 0: positive adds to the account, negative takes from it. */
  amount: number;
  description: string;
  /** The refusal when the account cannot cover a negative amount; gets what the account holds. */
  whenInsufficient?: (available: number) => Error;
}

/** A posting to one of the books' own accounts; not cached, may go negative. */
export interface SystemPosting {
  system: SystemAccount;
  type: LedgerEntryType;
  amount: number;
  description: string;
}

export type Posting = UserPosting | SystemPosting;

export const isUserPosting = (posting: Posting): posting is UserPosting => 'userId' in posting;

/** One business event: postings that sum to zero, and what the event is for. */
export interface Journal {
  kind: JournalKind;
  reference: { kind: JournalReferenceKind; id: number };
  description: string;
  /** Set by callers that may retry: a key already in the books refuses the journal. */
  idempotencyKey?: string;
  /** When it happened; defaults to the transaction's time (the seed replays history). */
  at?: Date;
  postings: Posting[];
}

/** The journal, with zero postings dropped; throws when a posting is not a whole amount or the sum is not 0. */
export function balancedPostings(journal: Journal): Posting[] {
  const postings = journal.postings.filter((posting) => posting.amount !== 0);
  for (const posting of postings) {
    if (!Number.isSafeInteger(posting.amount)) {
      throw new Error(`A ledger amount must be a whole number, got ${posting.amount}`);
    }
  }
  const sum = postings.reduce((total, posting) => total + posting.amount, 0);
  if (sum !== 0) throw new Error(`Unbalanced ${journal.kind} journal: its postings sum to ${sum}, not 0`);
  return postings;
}

/** The posting to a system account that makes `postings` sum to zero (none when they already do). */
export function balancingPosting(
  postings: readonly Posting[],
  system: SystemAccount,
  type: LedgerEntryType,
  description: string,
): SystemPosting[] {
  const sum = postings.reduce((total, posting) => total + posting.amount, 0);
  return sum === 0 ? [] : [{ system, type, amount: -sum, description }];
}

/** A user posting and the system-account posting on the other side of it (same amount, opposite sign). */
export function againstSystemAccount(posting: UserPosting, system: SystemAccount): Posting[] {
  return [posting, { system, type: posting.type, amount: -posting.amount, description: posting.description }];
}

/** The journal was already recorded under its idempotency key; the caller's transaction must roll back. */
export class JournalAlreadyPosted extends Error {
  constructor(readonly idempotencyKey: string | undefined) {
    super(`A journal with idempotency key ${idempotencyKey} is already in the books`);
  }
}

/** A user account cannot cover a posting. */
export class InsufficientFunds extends Error {
  constructor(
    readonly posting: UserPosting,
    readonly available: number | null,
  ) {
    super(`User ${posting.userId} ${posting.account} cannot cover ${posting.amount}`);
  }
}
