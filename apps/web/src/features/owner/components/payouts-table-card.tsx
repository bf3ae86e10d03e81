import { PAYOUT_NOT_COMPLETED_LABEL } from '@ember/contracts/exports';
import { PAYOUT_SORT_KEYS, type PayoutResponse } from '@ember/contracts/payouts';
import { useMemo, useState } from 'react';
import { PayoutAmount } from '../../../components/payout/payout.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import { buttonColumn, DateTimeCell, dateTimeColumn } from '../../../components/ui/data-table/columns.tsx';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../components/ui/data-table/query-table.tsx';
import { usePageParams } from '../../../components/ui/data-table/server-table.ts';
import { type AllPayoutsParams, useAllPayouts } from '../api/get-all-payouts.ts';
import { PayoutDetailModal } from './payout-detail-modal.tsx';
import { PayoutStatusBadge } from './payout-status-badge.tsx';
import styles from './payouts-table-card.module.css';

function columnsOf(open: (payout: PayoutResponse) => void): DataTableColumn<PayoutResponse>[] {
  return [
    {
      id: 'id',
      header: 'ID',
      rowHeader: true,
      sortable: true,
      firstSortDirection: 'desc',
      cell: (payout) => <span className={styles.mono}>#{payout.id}</span>,
    },
    {
      id: 'userId',
      header: 'User ID',
      cell: (payout) => (
        <span className={styles.user}>
          {payout.userId}
          <span className={styles.username}>{payout.developer.username}</span>
        </span>
      ),
    },
    {
      id: 'amount',
      header: 'Amount',
      align: 'end',
      sortable: true,
      firstSortDirection: 'desc',
      cell: (payout) => <PayoutAmount credits={payout.amount} />,
    },
    { id: 'status', header: 'Status', cell: (payout) => <PayoutStatusBadge payout={payout} /> },
    {
      id: 'description',
      header: 'Description',
      cell: (payout) =>
        payout.description ? (
          <span className={styles.description} title={payout.description}>
            {payout.description}
          </span>
        ) : (
          <span className={styles.none}>None</span>
        ),
    },
    dateTimeColumn({ id: 'date', header: 'Request date', value: (payout) => payout.date, sort: 'server' }),
    {
      id: 'completedDate',
      header: 'Completion date',
      cell: (payout) =>
        payout.completedDate ? (
          <DateTimeCell iso={payout.completedDate} />
        ) : (
          <span className={styles.none}>{PAYOUT_NOT_COMPLETED_LABEL}</span>
        ),
    },
    // One word for opening a row, as on the orders dashboard; a pending one stands out to be paid.
    buttonColumn('details', 'Details', {
      variant: (payout) => (payout.completed ? 'secondary' : 'primary'),
      onClick: open,
      label: (payout) => `Details of payout ${payout.id}`,
    }),
  ];
}

/**
 * Spec §2 Owner dashboard: every developer's payout requests, newest first, sorted and paged by the
 * server. A row opens its detail, where a pending payout is confirmed.
 */
export function PayoutsTableCard() {
  const [params, setParams] = usePageParams<AllPayoutsParams>({ sort: { key: 'date', order: 'desc' } });
  const [open, setOpen] = useState<PayoutResponse | null>(null);
  const payouts = useAllPayouts(params);
  const columns = useMemo(() => columnsOf(setOpen), []);

  return (
    <Card title="Payouts">
      <p className={styles.intro}>
        Developers' payout requests. Pay a pending one, then open it to enter the transfer reference and
        confirm it.
      </p>
      <div className={styles.toolbar}>
        <label className={styles.filter}>
          <input
            type="checkbox"
            checked={params.status === 'Pending'}
            onChange={(event) => {
              const status = event.currentTarget.checked ? ('Pending' as const) : undefined;
              setParams((current) => ({ ...current, status, page: 0 }));
            }}
          />
          Pending only
        </label>
      </div>
      <QueryTable
        query={payouts}
        what="the payouts"
        params={params}
        setParams={setParams}
        label="Payouts"
        columns={columns}
        getRowKey={(payout) => payout.id}
        empty={
          <span className={styles.none}>
            {params.status === 'Pending' ? 'No payout is waiting to be paid.' : 'No payout requests yet.'}
          </span>
        }
        sortKeys={PAYOUT_SORT_KEYS}
      />
      {open ? <PayoutDetailModal payoutId={open.id} shown={open} onClose={() => setOpen(null)} /> : null}
    </Card>
  );
}
