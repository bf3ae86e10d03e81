import { TABLE_DEFAULT_PAGE_SIZE } from '@ember/contracts/constants';
import type { TransactionResponse, TransactionSortKey } from '@ember/contracts/wallet';
import { TRANSACTION_SORT_KEYS } from '@ember/contracts/wallet';
import { useState } from 'react';
import { Card } from '../../../components/ui/card/card.tsx';
import {
  DataTable,
  type DataTableColumn,
  type DataTableSort,
} from '../../../components/ui/data-table/data-table.tsx';
import { LoadError } from '../../../components/ui/load-error/load-error.tsx';
import { formatDateTime } from '../../../lib/format/dates.ts';
import { formatCredits, signedCredits } from '../../../lib/format/money.ts';
import { transactionTypeLabel } from '../../../lib/format/transaction-labels.ts';
import { type MyTransactionsParams, useMyTransactions } from '../api/get-my-transactions.ts';
import styles from './transactions-card.module.css';

const columns: DataTableColumn<TransactionResponse>[] = [
  {
    id: 'createdAt',
    header: 'Date',
    sortable: true,
    firstSortDirection: 'desc',
    cell: (entry) => (
      <time dateTime={entry.createdAt} className={styles.date}>
        {formatDateTime(entry.createdAt)}
      </time>
    ),
  },
  {
    id: 'type',
    header: 'Type',
    sortable: true,
    cell: (entry) => <span className={styles.type}>{transactionTypeLabel(entry.type)}</span>,
  },
  {
    id: 'description',
    header: 'Description',
    rowHeader: true,
    cell: (entry) => <span className={styles.description}>{entry.description}</span>,
  },
  {
    id: 'amount',
    header: 'Amount',
    sortable: true,
    align: 'end',
    firstSortDirection: 'desc',
    cell: (entry) => (
      <span className={entry.amount < 0 ? styles.debit : styles.credit}>{signedCredits(entry.amount)}</span>
    ),
  },
  {
    id: 'balance',
    header: 'Balance after',
    align: 'end',
    cell: (entry) => formatCredits(entry.balance),
  },
];

const isSortKey = (id: string): id is TransactionSortKey =>
  (TRANSACTION_SORT_KEYS as readonly string[]).includes(id);

/** Every movement of the caller's credits, newest first, paged by the server. */
export function TransactionsCard() {
  const [params, setParams] = useState<MyTransactionsParams>({
    page: 0,
    size: TABLE_DEFAULT_PAGE_SIZE,
    sort: { key: 'createdAt', order: 'desc' },
  });
  const transactions = useMyTransactions(params);
  const sort: DataTableSort = { columnId: params.sort.key, direction: params.sort.order };

  return (
    <Card title="Transactions">
      {transactions.isError && !transactions.data ? (
        <LoadError
          what="your transactions"
          onRetry={() => void transactions.refetch()}
          retrying={transactions.isFetching}
        />
      ) : (
        <DataTable
          label="Transactions"
          columns={columns}
          rows={transactions.data?.content}
          getRowKey={(entry) => entry.id}
          loading={transactions.isPending || transactions.isPlaceholderData}
          empty="No credit movements yet."
          sort={sort}
          onSortChange={(next) => {
            if (isSortKey(next.columnId)) {
              setParams((current) => ({
                ...current,
                page: 0,
                sort: { key: next.columnId as TransactionSortKey, order: next.direction },
              }));
            }
          }}
          paging={{
            page: params.page,
            totalPages: transactions.data?.totalPages ?? 0,
            pageSize: params.size,
            onPageChange: (page) => setParams((current) => ({ ...current, page })),
            onPageSizeChange: (size) => setParams((current) => ({ ...current, size, page: 0 })),
          }}
        />
      )}
    </Card>
  );
}
