import { TABLE_DEFAULT_PAGE_SIZE } from '@ember/contracts/constants';
import {
  PAYOUT_SORT_KEYS,
  PAYOUTS_PREMIUM_ONLY_MESSAGE,
  type PayoutResponse,
  type PayoutSortKey,
  type RequestPayoutQuery,
  requestPayoutQuery,
} from '@ember/contracts/payouts';
import { useState } from 'react';
import { Form } from '../../../components/form/form.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table/data-table.tsx';
import { LoadError } from '../../../components/ui/load-error/load-error.tsx';
import { StatusBadge } from '../../../components/ui/status-badge/status-badge.tsx';
import { formatDateTime } from '../../../lib/format/dates.ts';
import { creditsCount } from '../../../lib/format/money.ts';
import { type MyPayoutsParams, useEarnings, useMyPayouts, useRequestPayout } from '../api/payouts.ts';
import formStyles from './developer-forms.module.css';
import styles from './payouts-card.module.css';

const columns: DataTableColumn<PayoutResponse>[] = [
  { id: 'id', header: 'Payout', sortable: true, rowHeader: true, cell: (payout) => `#${payout.id}` },
  {
    id: 'date',
    header: 'Requested',
    sortable: true,
    firstSortDirection: 'desc',
    cell: (payout) => <time dateTime={payout.date}>{formatDateTime(payout.date)}</time>,
  },
  {
    id: 'amount',
    header: 'Amount',
    sortable: true,
    align: 'end',
    firstSortDirection: 'desc',
    cell: (payout) => creditsCount(payout.amount),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (payout) => (
      <StatusBadge tone={payout.completed ? 'success' : 'pending'} status={payout.status}>
        {payout.status}
      </StatusBadge>
    ),
  },
  {
    id: 'reference',
    header: 'Reference',
    cell: (payout) =>
      payout.reference ? (
        /^https?:\/\//.test(payout.reference) ? (
          <a href={payout.reference} target="_blank" rel="noopener noreferrer" className={styles.reference}>
            {payout.reference}
          </a>
        ) : (
          <span className={styles.reference}>{payout.reference}</span>
        )
      ) : (
        <span className={styles.none}>—</span>
      ),
  },
];

const isSortKey = (id: string): id is PayoutSortKey => (PAYOUT_SORT_KEYS as readonly string[]).includes(id);

function RequestPayoutForm({ available }: { available: number | undefined }) {
  const form = useContractForm(requestPayoutQuery, { defaultValues: { amount: '' } });
  const request = useRequestPayout();
  return (
    <Form
      form={form}
      className={formStyles.inline}
      onSubmit={async ({ amount }) => {
        await request.mutateAsync(amount);
        form.reset({ amount: '' });
      }}
    >
      <FormTextField<RequestPayoutQuery>
        name="amount"
        label="Withdraw amount"
        inputMode="numeric"
        autoComplete="off"
        placeholder="Credits"
        maxLength={12}
        hint={available === undefined ? '\u00a0' : `You can withdraw up to ${creditsCount(available)}.`}
      />
      <Button type="submit" loading={request.isPending} className={styles.submit}>
        Request payout
      </Button>
    </Form>
  );
}

/**
 * Premium developers request payouts from their earnings and follow them (Pending until the owner
 * pays, then Completed with a reference); everyone else is told why payouts are not theirs.
 */
export function PayoutsCard() {
  const earnings = useEarnings();
  const allowed = earnings.data?.canRequestPayouts ?? false;
  const [params, setParams] = useState<MyPayoutsParams>({
    page: 0,
    size: TABLE_DEFAULT_PAGE_SIZE,
    sort: { key: 'date', order: 'desc' },
  });
  const payouts = useMyPayouts(params, { enabled: allowed });

  return (
    <Card title="Payouts">
      {earnings.data && !allowed ? (
        <p className={styles.unavailable} data-testid="payouts-unavailable">
          {PAYOUTS_PREMIUM_ONLY_MESSAGE}
        </p>
      ) : null}
      {allowed ? (
        <>
          <RequestPayoutForm available={earnings.data?.available} />
          {payouts.isError && !payouts.data ? (
            <LoadError
              what="your payouts"
              onRetry={() => void payouts.refetch()}
              retrying={payouts.isFetching}
            />
          ) : (
            <DataTable
              label="Payouts"
              columns={columns}
              rows={payouts.data?.content}
              getRowKey={(payout) => payout.id}
              loading={payouts.isPending || payouts.isPlaceholderData}
              empty="No payouts yet. Request one from your available earnings."
              sort={{ columnId: params.sort.key, direction: params.sort.order }}
              onSortChange={(next) => {
                if (isSortKey(next.columnId)) {
                  const key = next.columnId;
                  setParams((current) => ({ ...current, page: 0, sort: { key, order: next.direction } }));
                }
              }}
              paging={{
                page: params.page,
                totalPages: payouts.data?.totalPages ?? 0,
                pageSize: params.size,
                onPageChange: (page) => setParams((current) => ({ ...current, page })),
                onPageSizeChange: (size) => setParams((current) => ({ ...current, size, page: 0 })),
              }}
            />
          )}
        </>
      ) : null}
    </Card>
  );
}
