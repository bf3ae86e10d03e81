import type { LedgerAccount, LedgerEntryType } from '@ember/contracts/enums';
import type { Sort } from '@ember/contracts/paging';
import type { TransactionSortKey } from '@ember/contracts/wallet';
import { users } from '@ember/db/schema/users';
import { ledgerEntries, ledgerJournals } from '@ember/db/schema/wallet';
import type { Db } from '@ember/db/types';
import { and, asc, count, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';

export interface TransactionFilters {
  userId?: number;
  discordId?: string;
  type?: LedgerEntryType;
  account?: LedgerAccount;
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
  discordId: users.discordId,
  username: users.username,
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

/** The users' side of the books: postings to a user's credits or earnings (system accounts are not transactions). */
function whereOf(filters: TransactionFilters): SQL | undefined {
  return and(
    isNotNull(ledgerEntries.userId),
    filters.userId === undefined ? undefined : eq(ledgerEntries.userId, filters.userId),
    filters.discordId === undefined ? undefined : eq(users.discordId, filters.discordId),
    filters.type === undefined ? undefined : eq(ledgerEntries.type, filters.type),
    filters.account === undefined ? undefined : eq(ledgerEntries.account, filters.account),
  );
}

/** One page of user postings with their account holder; ties broken by id in the same direction. */
export function findTransactionsPage(db: Db, filters: TransactionFilters, page: PageRequest) {
  const direction = page.sort.order === 'asc' ? asc : desc;
  return db
    .select(transactionColumns)
    .from(ledgerEntries)
    .innerJoin(users, eq(users.id, ledgerEntries.userId))
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .where(whereOf(filters))
    .orderBy(direction(SORT_COLUMNS[page.sort.key]), direction(ledgerEntries.id))
    .limit(page.size)
    .offset(page.page * page.size);
}

export async function countTransactions(db: Db, filters: TransactionFilters): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(ledgerEntries)
    .innerJoin(users, eq(users.id, ledgerEntries.userId))
    .where(whereOf(filters));
  return row?.total ?? 0;
}
