import { JOURNAL_REFERENCE_KINDS, type JournalReferenceKind } from '@ember/contracts/enums';
import { TRANSACTION_SORT_KEYS, type TransactionResponse, transactionsQuery } from '@ember/contracts/wallet';
import { useCallback, useMemo, useState } from 'react';
import { Card } from '../../../../components/ui/card/card.tsx';
import { dateTimeColumn, signedCreditsColumn } from '../../../../components/ui/data-table/columns.tsx';
import type { DataTableColumn } from '../../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../../components/ui/data-table/query-table.tsx';
import { usePageParams } from '../../../../components/ui/data-table/server-table.ts';
import pill from '../../../../components/ui/pill/pill.module.css';
import { visuallyHiddenClass } from '../../../../components/visually-hidden/visually-hidden.tsx';
import { formatCredits } from '../../../../lib/format/money.ts';
import {
  ledgerAccountLabel,
  TRANSACTION_TYPE_OPTIONS,
  transactionTypeLabel,
} from '../../../../lib/format/transaction-labels.ts';
import { type AdminTransactionsParams, useAdminTransactions } from '../../api/admin-ledger-transactions.ts';
import styles from './ledger.module.css';
import { FilterSelect, FilterText, fieldError } from './ledger-filters.tsx';
import { referenceKindLabel } from './reference-labels.ts';
import { TrialBalanceStrip } from './trial-balance-strip.tsx';

const REFERENCE_KIND_OPTIONS = JOURNAL_REFERENCE_KINDS.map((kind) => ({
  value: kind,
  label: referenceKindLabel(kind),
}));

const columns: DataTableColumn<TransactionResponse>[] = [
  dateTimeColumn({
    id: 'createdAt',
    header: 'Date',
    value: (entry) => entry.createdAt,
    className: styles.date,
    sort: 'server',
  }),
  {
    id: 'user',
    header: 'User',
    rowHeader: true,
    cell: (entry) => (
      <span className={styles.who}>
        <span>{entry.username}</span>
        <span className={`${styles.mono} ${styles.subtle}`}>{entry.discordId}</span>
      </span>
    ),
  },
  { id: 'account', header: 'Account', cell: (entry) => ledgerAccountLabel(entry.account) },
  {
    id: 'type',
    header: 'Type',
    sortable: true,
    cell: (entry) => <span className={pill.word}>{transactionTypeLabel(entry.type)}</span>,
  },
  signedCreditsColumn({ id: 'amount', header: 'Amount', value: (entry) => entry.amount, tones: styles }),
  {
    id: 'balance',
    header: 'Balance after',
    align: 'end',
    cell: (entry) => <span className={styles.number}>{formatCredits(entry.balance)}</span>,
  },
  {
    id: 'description',
    header: 'Description',
    cell: (entry) =>
      entry.description ? (
        <span className={styles.description}>{entry.description}</span>
      ) : (
        <span className={styles.none}>None</span>
      ),
  },
  {
    id: 'reference',
    header: 'Reference',
    cell: (entry) => (
      <span className={styles.who}>
        <span className={styles.nowrap}>
          {referenceKindLabel(entry.referenceKind)}
          {entry.entityId ? ` #${entry.entityId}` : ''}
        </span>
        <span className={`${styles.subtle} ${styles.nowrap}`}>Journal #{entry.journalId}</span>
      </span>
    ),
  },
];

type Filters = Pick<AdminTransactionsParams, 'discordId' | 'type' | 'referenceKind' | 'referenceId'>;

/**
 * /admin?section=transactions: the trial balance, then every user posting of the books, newest
 * first, filtered by the holder's Discord id, the type and what the journal paid for.
 */
export default function TransactionsSection() {
  const [filters, setFilters] = useState<Filters>({
    discordId: '',
    type: '',
    referenceKind: '',
    referenceId: '',
  });
  const [paging, setPaging] = usePageParams<Pick<AdminTransactionsParams, 'page' | 'size' | 'sort'>>({
    sort: { key: 'createdAt', order: 'desc' },
  });

  // The filters are checked with the server's own contract; an invalid one is shown, not sent.
  const issues = useMemo(() => {
    const parsed = transactionsQuery.safeParse({
      discordId: filters.discordId,
      referenceKind: filters.referenceKind,
      referenceId: filters.referenceId,
    });
    return parsed.success ? [] : parsed.error.issues;
  }, [filters]);
  const [sent, setSent] = useState<Filters>(filters);
  if (issues.length === 0 && sent !== filters) setSent(filters);

  const transactions = useAdminTransactions({ ...paging, ...sent });
  const setFilter = useCallback(
    <K extends keyof Filters>(key: K, value: Filters[K]) => {
      setFilters((current) => ({ ...current, [key]: value }));
      setPaging((current) => ({ ...current, page: 0 }));
    },
    [setPaging],
  );
  const onDiscordId = useCallback((text: string) => setFilter('discordId', text), [setFilter]);
  const onReferenceId = useCallback((text: string) => setFilter('referenceId', text), [setFilter]);

  const filtered = Object.values(sent).some((value) => value !== '');

  return (
    <Card title="Transactions">
      <p className={styles.intro}>
        Every movement of users&apos; credits and earnings. The trial balance adds up every account of the
        books, system accounts included: it must come to 0.
      </p>
      <TrialBalanceStrip />
      <fieldset className={styles.toolbar}>
        <legend className={visuallyHiddenClass}>Filter transactions</legend>
        <FilterText
          label="Discord ID"
          value={filters.discordId}
          onChange={onDiscordId}
          placeholder="314159265358979301"
          inputMode="numeric"
          error={fieldError(issues, 'discordId')}
        />
        <FilterSelect
          label="Type"
          value={filters.type}
          anyLabel="Any type"
          options={TRANSACTION_TYPE_OPTIONS}
          onChange={(type) => setFilter('type', type)}
        />
        <FilterSelect<JournalReferenceKind>
          label="Reference"
          value={filters.referenceKind}
          anyLabel="Any reference"
          options={REFERENCE_KIND_OPTIONS}
          onChange={(kind) => {
            setFilter('referenceKind', kind);
            // An id means nothing without its kind.
            if (kind === '') setFilter('referenceId', '');
          }}
        />
        <FilterText
          label="Reference ID"
          value={filters.referenceId}
          onChange={onReferenceId}
          placeholder="42"
          hint={filters.referenceKind ? undefined : 'Choose a reference first.'}
          inputMode="numeric"
          disabled={filters.referenceKind === ''}
          error={fieldError(issues, 'referenceId')}
        />
      </fieldset>
      <QueryTable
        query={transactions}
        what="the transactions"
        params={paging}
        setParams={setPaging}
        label="Transactions"
        columns={columns}
        getRowKey={(entry) => entry.id}
        empty={
          <span className={styles.none}>
            {filtered ? 'No transactions match these filters.' : 'No transactions yet.'}
          </span>
        }
        sortKeys={TRANSACTION_SORT_KEYS}
      />
    </Card>
  );
}
