import { TABLE_DEFAULT_PAGE_SIZE } from '@ember/contracts/constants';
import type { TransactionResponse } from '@ember/contracts/wallet';
import { TRANSACTION_SORT_KEYS } from '@ember/contracts/wallet';
import { useState } from 'react';
import { Card } from '../../../components/ui/card/card.tsx';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../components/ui/data-table/query-table.tsx';
import pill from '../../../components/ui/pill/pill.module.css';
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
    cell: (entry) => <span className={pill.word}>{transactionTypeLabel(entry.type)}</span>,
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

/** Every movement of the caller's credits, newest first, paged by the server. */
export function TransactionsCard() {
  const [params, setParams] = useState<MyTransactionsParams>({
    page: 0,
    size: TABLE_DEFAULT_PAGE_SIZE,
    sort: { key: 'createdAt', order: 'desc' },
  });
  const transactions = useMyTransactions(params);

  return (
    <Card title="Transactions">
      <QueryTable
        query={transactions}
        what="your transactions"
        params={params}
        setParams={setParams}
        label="Transactions"
        columns={columns}
        getRowKey={(entry) => entry.id}
        empty="No credit movements yet."
        sortKeys={TRANSACTION_SORT_KEYS}
      />
    </Card>
  );
}
