import type { TransactionResponse } from '@ember/contracts/wallet';
import { TRANSACTION_SORT_KEYS } from '@ember/contracts/wallet';
import { Card } from '../../../components/ui/card/card.tsx';
import { dateTimeColumn, signedCreditsColumn } from '../../../components/ui/data-table/columns.tsx';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../components/ui/data-table/query-table.tsx';
import { usePageParams } from '../../../components/ui/data-table/server-table.ts';
import pill from '../../../components/ui/pill/pill.module.css';
import { formatCredits } from '../../../lib/format/money.ts';
import { transactionTypeLabel } from '../../../lib/format/transaction-labels.ts';
import { type MyTransactionsParams, useMyTransactions } from '../api/get-my-transactions.ts';
import styles from './transactions-card.module.css';

const columns: DataTableColumn<TransactionResponse>[] = [
  dateTimeColumn({
    id: 'createdAt',
    header: 'Date',
    value: (entry) => entry.createdAt,
    className: styles.date,
    sort: 'server',
  }),
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
  signedCreditsColumn({ id: 'amount', header: 'Amount', value: (entry) => entry.amount, tones: styles }),
  {
    id: 'balance',
    header: 'Balance after',
    align: 'end',
    cell: (entry) => formatCredits(entry.balance),
  },
];

/** Every movement of the caller's credits, newest first, paged by the server. */
export function TransactionsCard() {
  const [params, setParams] = usePageParams<MyTransactionsParams>({
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
