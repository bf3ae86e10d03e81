import type { LedgerAccount } from '@ember/contracts/enums';
import { type SQL, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../errors.ts';
import { executeNamed } from '../prepared.ts';
import { users } from '../schema/users.ts';
import { ledgerEntries, ledgerJournals } from '../schema/wallet.ts';
import type { HandedDb } from '../types.ts';
import {
  balancedPostings,
  InsufficientFunds,
  isUserPosting,
  type Journal,
  JournalAlreadyPosted,
  type Posting,
  type UserPosting,
} from './journal.ts';
import { findUserAccounts } from './user-accounts.ts';

const IDEMPOTENCY_CONSTRAINT = 'ledger_journals_idempotency_key_key';

export interface PostedJournal {
  journalId: number;
  /** Each user posting's account balance right after it, in the order the journal lists them. */
  balancesAfter: Map<UserPosting, number>;
}

/** What one journal does to one user's row: the net change of each account and how low each dips on the way. */
interface UserMove {
  userId: number;
  credits: number;
  earnings: number;
  /** The lowest running sum of the account's postings in journal order (0 or negative): the balance must cover it. */
  creditsFloor: number;
  earningsFloor: number;
}

/**
 * The one way money moves. Runs inside the caller's transaction `tx`: refuses a journal that does
 * not balance, then records the journal, moves every user account it touches and writes every
 * posting in a single SQL statement (one round trip, so an account row is locked from that
 * statement to the commit and no longer; issue 11). A repeated idempotency key refuses it with
 * JournalAlreadyPosted. Each user row is moved by a conditional UPDATE of its cached balances that
 * refuses to take any account below 0 at any posting (the caller gets the posting's own error or
 * InsufficientFunds, and its transaction must roll back). User rows are moved in ascending user
 * id, each UPDATE gated on the one before, so two journals touching the same users lock them in
 * the same order and cannot deadlock. Returns null when every amount is 0 (nothing to record).
 */
export async function postJournal(tx: HandedDb, journal: Journal): Promise<PostedJournal | null> {
  const postings = balancedPostings(journal);
  if (postings.length === 0) return null;
  const moves = userMoves(postings);
  const later = laterAmounts(postings);

  const result = await runPostingStatement(tx, journal, postings, moves, later);
  if (result.moved.size < moves.length) {
    const failed = moves.find((move) => !result.moved.has(move.userId));
    throw await refusalFor(tx, postings, failed ?? moves[0]!);
  }
  const balancesAfter = new Map<UserPosting, number>();
  postings.forEach((posting, index) => {
    if (!isUserPosting(posting)) return;
    const row = result.moved.get(posting.userId);
    if (row) balancesAfter.set(posting, row[posting.account] - (later[index] ?? 0));
  });
  return { journalId: result.journalId, balancesAfter };
}

/** One move per user, in ascending user id (the lock order). */
function userMoves(postings: readonly Posting[]): UserMove[] {
  const byUser = new Map<number, UserMove>();
  for (const posting of postings) {
    if (!isUserPosting(posting)) continue;
    const move = byUser.get(posting.userId) ?? {
      userId: posting.userId,
      credits: 0,
      earnings: 0,
      creditsFloor: 0,
      earningsFloor: 0,
    };
    if (posting.account === 'CREDITS') {
      move.credits += posting.amount;
      move.creditsFloor = Math.min(move.creditsFloor, move.credits);
    } else {
      move.earnings += posting.amount;
      move.earningsFloor = Math.min(move.earningsFloor, move.earnings);
    }
    byUser.set(posting.userId, move);
  }
  return [...byUser.values()].sort((a, b) => a.userId - b.userId);
}

/** For each posting, the sum of the amounts posted after it to the same user account (0 for system postings). */
function laterAmounts(postings: readonly Posting[]): number[] {
  const runningAfter = new Map<string, number>();
  const later = new Array<number>(postings.length).fill(0);
  for (let index = postings.length - 1; index >= 0; index--) {
    const posting = postings[index];
    if (!posting || !isUserPosting(posting)) continue;
    const key = `${posting.userId}:${posting.account}`;
    later[index] = runningAfter.get(key) ?? 0;
    runningAfter.set(key, (runningAfter.get(key) ?? 0) + posting.amount);
  }
  return later;
}

interface StatementResult {
  journalId: number;
  /** The moved users' balances after the journal. */
  moved: Map<number, Record<LedgerAccount, number>>;
}

async function runPostingStatement(
  tx: HandedDb,
  journal: Journal,
  postings: readonly Posting[],
  moves: readonly UserMove[],
  later: readonly number[],
): Promise<StatementResult> {
  const createdAt = journal.at ? sql`${journal.at.toISOString()}::timestamptz` : sql`now()`;
  const moveNames = moves.map((_, index) => sql.raw(`moved_${index}`));
  const updates = moves.map((move, index) => {
    // Each UPDATE waits for the one before it (a one-time filter on its row count): ascending lock order.
    const after = index === 0 ? sql`` : sql`(select count(*) from ${moveNames[index - 1]}) = 1 and `;
    return sql`${moveNames[index]} as (
      update ${users} set balance = balance + ${move.credits}::int, earnings = earnings + ${move.earnings}::int
      where ${after}id = ${move.userId}::int
        and balance + ${move.creditsFloor}::int >= 0 and earnings + ${move.earningsFloor}::int >= 0
      returning id, balance, earnings)`;
  });
  const moved =
    moves.length === 0
      ? sql`select null::int as id, null::int as balance, null::int as earnings where false`
      : sql.join(
          moveNames.map((name) => sql`select * from ${name}`),
          sql` union all `,
        );
  const rows = sql.join(
    postings.map((posting, index) => {
      const user = isUserPosting(posting);
      return sql`(${index}::int, ${user ? posting.userId : null}::int, ${user ? posting.account : posting.system}::text, ${posting.type}::text, ${posting.amount}::int, ${later[index] ?? 0}::int, ${posting.description}::text)`;
    }),
    sql`, `,
  );
  const statement: SQL = sql`
    with journal as (
      insert into ${ledgerJournals} (kind, reference_kind, reference_id, description, idempotency_key, created_at)
      values (${journal.kind}, ${journal.reference.kind}, ${journal.reference.id}::int, ${journal.description},
        ${journal.idempotencyKey ?? null}, ${createdAt})
      returning id
    )${moves.length > 0 ? sql`, ${sql.join(updates, sql`, `)}` : sql``},
    moved as (${moved}),
    entries as (
      insert into ${ledgerEntries} (journal_id, user_id, account, type, amount, balance_after, description, created_at)
      select journal.id, p.user_id, p.account, p.type, p.amount,
        case when p.user_id is null then null
             when p.account = 'CREDITS' then moved.balance - p.later
             else moved.earnings - p.later end,
        p.description, ${createdAt}
      from journal
      cross join (values ${rows}) as p(ord, user_id, account, type, amount, later, description)
      left join moved on moved.id = p.user_id
      where (select count(*) from moved) = ${moves.length}::int
      order by p.ord
      returning 1
    )
    select (select id from journal) as journal_id,
      (select count(*) from entries) as entries,
      coalesce((select json_agg(json_build_array(id, balance, earnings)) from moved), '[]') as moved`;

  let answer: { journal_id: number | string; moved: [number, number, number][] | string }[];
  try {
    answer = await executeNamed(tx, statement);
  } catch (error) {
    if (isUniqueViolation(error, IDEMPOTENCY_CONSTRAINT))
      throw new JournalAlreadyPosted(journal.idempotencyKey);
    throw error;
  }
  const row = answer[0];
  if (!row) throw new Error('the posting statement returned no row');
  const movedRows = typeof row.moved === 'string' ? JSON.parse(row.moved) : row.moved;
  return {
    journalId: Number(row.journal_id),
    moved: new Map(
      (movedRows as [number, number, number][]).map(([id, balance, earnings]) => [
        id,
        { CREDITS: balance, EARNINGS: earnings },
      ]),
    ),
  };
}

/** The refusal for the first user whose accounts could not cover the journal: its first posting that dips too low. */
async function refusalFor(tx: HandedDb, postings: readonly Posting[], move: UserMove): Promise<Error> {
  const own = postings.filter(
    (posting): posting is UserPosting => isUserPosting(posting) && posting.userId === move.userId,
  );
  const accounts = await findUserAccounts(tx, move.userId);
  if (!accounts) return new InsufficientFunds(own[0]!, null);
  const short: LedgerAccount = accounts.CREDITS + move.creditsFloor < 0 ? 'CREDITS' : 'EARNINGS';
  const available = accounts[short];
  const posting = own.find((candidate) => candidate.account === short && candidate.amount < 0) ?? own[0]!;
  return posting.whenInsufficient
    ? posting.whenInsufficient(available)
    : new InsufficientFunds(posting, available);
}
