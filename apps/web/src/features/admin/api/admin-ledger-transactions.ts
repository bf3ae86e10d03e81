import type { JournalReferenceKind, LedgerEntryType } from '@ember/contracts/enums';
import type { SortOrder } from '@ember/contracts/paging';
import {
  type TransactionPage,
  type TransactionSortKey,
  type TrialBalance,
  transactionPageResponse,
  trialBalanceResponse,
} from '@ember/contracts/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { transactionKeys } from '../../../lib/query-keys/transactions.ts';
import { keyedQueryOptions, usePagedQuery } from '../../../lib/query-options.ts';

export interface AdminTransactionsParams {
  /** From 0. */
  page: number;
  size: number;
  sort: { key: TransactionSortKey; order: SortOrder };
  /** The account holder's Discord id; '' for everyone. */
  discordId: string;
  type: LedgerEntryType | '';
  referenceKind: JournalReferenceKind | '';
  /** Digits, with a kind only; '' for any. */
  referenceId: string;
}

/** GET shop /transactions (admins): every user posting of the books, one page at a time. */
export function getAdminTransactions({
  page,
  size,
  sort,
  discordId,
  type,
  referenceKind,
  referenceId,
}: AdminTransactionsParams): Promise<TransactionPage> {
  return apiFetch('shop', '/transactions', transactionPageResponse, {
    query: {
      page,
      size,
      sort: `${sort.key},${sort.order}`,
      discordId: discordId || undefined,
      type: type || undefined,
      referenceKind: referenceKind || undefined,
      referenceId: referenceKind && referenceId ? referenceId : undefined,
    },
  });
}

export const adminTransactionsQueryOptions = keyedQueryOptions(transactionKeys.admin, getAdminTransactions);

/** Keeps the page on screen while the next one loads. */
export const useAdminTransactions = (params: AdminTransactionsParams) =>
  usePagedQuery(adminTransactionsQueryOptions(params));

/** GET shop /transactions/trial-balance (admins): every account's balance and the total (0 when balanced). */
export function getTrialBalance(): Promise<TrialBalance> {
  return apiFetch('shop', '/transactions/trial-balance', trialBalanceResponse);
}

export function trialBalanceQueryOptions() {
  return queryOptions({
    queryKey: transactionKeys.trialBalance(),
    queryFn: getTrialBalance,
  });
}

export function useTrialBalance() {
  return useQuery(trialBalanceQueryOptions());
}
