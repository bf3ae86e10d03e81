import type { TransactionSortKey } from '@ember/contracts/wallet';
import { type TransactionPage, transactionPageResponse } from '@ember/contracts/wallet';
import { apiFetch } from '../../../lib/api-client.ts';
import { transactionKeys } from '../../../lib/query-keys/transactions.ts';
import { keyedQueryOptions, usePagedQuery } from '../../../lib/query-options.ts';

/** Every cached ledger list starts with this key; anything that moves credits invalidates it. */

export interface MyTransactionsParams {
  /** From 0. */
  page: number;
  size: number;
  sort: { key: TransactionSortKey; order: 'asc' | 'desc' };
}

/**
 * GET shop /transactions/my: the caller's ledger entries of the spendable balance (credits), one
 * page at a time. Developer earnings have their own account and are left out here.
 */
export async function getMyTransactions({
  page,
  size,
  sort,
}: MyTransactionsParams): Promise<TransactionPage> {
  return apiFetch('shop', '/transactions/my', transactionPageResponse, {
    query: { page, size, sort: `${sort.key},${sort.order}`, account: 'CREDITS' },
  });
}

export const myTransactionsQueryOptions = keyedQueryOptions(transactionKeys.mine, getMyTransactions);

/** Keeps the page on screen while the next one loads. */
export const useMyTransactions = (params: MyTransactionsParams) =>
  usePagedQuery(myTransactionsQueryOptions(params));
