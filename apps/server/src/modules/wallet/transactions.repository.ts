import type { JournalReferenceKind, LedgerAccount, LedgerEntryType } from '@ember/contracts/enums';
import type { Sort } from '@ember/contracts/paging';
import type { TransactionSortKey } from '@ember/contracts/wallet';
import { ledgerEntries, ledgerJournals } from '@ember/db/schema/wallet';
import { and, asc, count, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { userProfiles } from '../users/index.ts';
import type { HandedDb } from './db.ts';

export interface TransactionFilters {
  userId?: number;
  discordId?: string;
  type?: LedgerEntryType;
  account?: LedgerAccount;
  /** What the entry's journal is for; the id only with a kind (ledger_journals_reference_idx). */
  referenceKind?: JournalReferenceKind;
  referenceId?: number;
}

export interface PageRequest {
  page: number;
  size: number;
  sort: Sort<TransactionSortKey>;
}

const transactionColumns = {
  id: ledgerEntries.id,
  account: sql<LedgerAccount>`${ledgerEntries.account}`,
  type: ledgerEntries.type,
  description: ledgerEntries.description,
  discordId: userProfiles.discordId,
  username: userProfiles.username,
  createdAt: ledgerEntries.createdAt,
  balance: sql<number>`${ledgerEntries.balanceAfter}`.mapWith(Number),
  amount: ledgerEntries.amount,
  entityId: sql<string>`${ledgerJournals.referenceId}::text`,
  referenceKind: ledgerJournals.referenceKind,
  journalId: ledgerEntries.journalId,
};

const SORT_COLUMNS = {
  createdAt: ledgerEntries.createdAt,
  id: ledgerEntries.id,
  amount: ledgerEntries.amount,
  type: ledgerEntries.type,
} as const;

/**
 * The users' side of the books: postings to a user's credits or earnings (system accounts are not
 * transactions). The holder's Discord id is looked up once, so neither the page nor the count joins users.
 */
function whereOf(filters: TransactionFilters): SQL | undefined {
  return and(
    isNotNull(ledgerEntries.userId),
    filters.userId === undefined ? undefined : eq(ledgerEntries.userId, filters.userId),
    filters.discordId === undefined
      ? undefined
      : sql`${ledgerEntries.userId} = (select ${userProfiles.id} from ${userProfiles} where ${userProfiles.discordId} = ${filters.discordId})`,
    filters.type === undefined ? undefined : eq(ledgerEntries.type, filters.type),
    filters.account === undefined ? undefined : eq(ledgerEntries.account, filters.account),
    filters.referenceKind === undefined ? undefined : inReferencedJournals(filters),
  );
}

/**
 * The entries of the journals that reference one thing (or one kind of thing): the journals come
 * from ledger_journals_reference_idx, their entries from ledger_entries_journal_id_idx.
 */
function inReferencedJournals({ referenceKind, referenceId }: TransactionFilters): SQL {
  const sameId = referenceId === undefined ? sql`` : sql` and ${ledgerJournals.referenceId} = ${referenceId}`;
  return sql`${ledgerEntries.journalId} in (select ${ledgerJournals.id} from ${ledgerJournals} where ${ledgerJournals.referenceKind} = ${referenceKind}${sameId})`;
}

/**
 * One page of user postings with their account holder; ties broken by id in the same direction.
 * The page's ids come first from the index alone (a deferred join), then only they are joined.
 */
export function findTransactionsPage(db: HandedDb, filters: TransactionFilters, page: PageRequest) {
  const direction = page.sort.order === 'asc' ? asc : desc;
  const order = [direction(SORT_COLUMNS[page.sort.key]), direction(ledgerEntries.id)];
  const ids = db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(whereOf(filters))
    .orderBy(...order)
    .limit(page.size)
    .offset(page.page * page.size)
    .as('page');
  return db
    .select(transactionColumns)
    .from(ledgerEntries)
    .innerJoin(ids, eq(ids.id, ledgerEntries.id))
    .innerJoin(userProfiles, eq(userProfiles.id, ledgerEntries.userId))
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .orderBy(...order);
}

/** Pages counted beyond the requested one: the total is exact up to there, "at least" after (decision 0020). */
export const COUNTED_PAGES_AHEAD = 50;

/**
 * How many postings match, counted no further than COUNTED_PAGES_AHEAD pages past the requested
 * page: the books hold millions of postings, and counting them all on every page was the cost of
 * the admin list (issue 11). A person paging forward sees the total grow until the real end.
 */
export async function countTransactions(
  db: HandedDb,
  filters: TransactionFilters,
  page: PageRequest,
): Promise<number> {
  const cap = (page.page + 1 + COUNTED_PAGES_AHEAD) * page.size;
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(ledgerEntries)
    .where(whereOf(filters))
    .limit(cap)
    .as('matching');
  const [row] = await db.select({ total: count() }).from(matching);
  return row?.total ?? 0;
}
