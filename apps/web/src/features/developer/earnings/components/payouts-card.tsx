import {
  PAYOUT_SORT_KEYS,
  PAYOUTS_PREMIUM_ONLY_MESSAGE,
  type PayoutResponse,
  type RequestPayoutQuery,
  requestPayoutQuery,
  withdrawMoreThanAvailableMessage,
} from '@ember/contracts/payouts';
import { useRef, useState } from 'react';
import { Form } from '../../../../components/form/form.tsx';
import formStyles from '../../../../components/form/form-layout.module.css';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { showServerRefusal } from '../../../../components/form/server-refusal.ts';
import { useContractForm } from '../../../../components/form/use-contract-form.ts';
import { PayoutAmount, PayoutReference } from '../../../../components/payout/payout.tsx';
import { Button } from '../../../../components/ui/button/button.tsx';
import { Card } from '../../../../components/ui/card/card.tsx';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog/confirm-dialog.tsx';
import { dateTimeColumn } from '../../../../components/ui/data-table/columns.tsx';
import type { DataTableColumn } from '../../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../../components/ui/data-table/query-table.tsx';
import { usePageParams } from '../../../../components/ui/data-table/server-table.ts';
import { StatusBadge } from '../../../../components/ui/status-badge/status-badge.tsx';
import { payoutAmountLabel } from '../../../../lib/format/payout-amounts.ts';
import { newIdempotencyKey } from '../../../../lib/idempotency-key.ts';
import {
  type MyPayoutsParams,
  type RequestPayoutInput,
  useEarnings,
  useMyPayouts,
  useRequestPayout,
} from '../api/payouts.ts';
import styles from './payouts-card.module.css';

const columns: DataTableColumn<PayoutResponse>[] = [
  { id: 'id', header: 'Payout', sortable: true, rowHeader: true, cell: (payout) => `#${payout.id}` },
  dateTimeColumn({
    id: 'date',
    header: 'Requested',
    value: (payout) => payout.date,
    className: styles.date,
    sort: 'server',
  }),
  {
    id: 'amount',
    header: 'Amount',
    sortable: true,
    align: 'end',
    firstSortDirection: 'desc',
    cell: (payout) => <PayoutAmount credits={payout.amount} />,
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
    cell: (payout) => (
      <span className={styles.reference}>
        <PayoutReference reference={payout.reference} />
      </span>
    ),
  },
];

const EMPTY_REQUEST: RequestPayoutQuery = { amount: '' };

/**
 * The amount is checked as the server checks it, then confirmed in credits and in euros. The
 * confirmed request carries one Idempotency-Key, so a second press or a retry makes no second payout.
 */
function RequestPayoutForm({ available }: { available: number | undefined }) {
  const form = useContractForm(requestPayoutQuery, { defaultValues: EMPTY_REQUEST });
  const request = useRequestPayout();
  const [pending, setPending] = useState<RequestPayoutInput | null>(null);
  /** Set at the first press: a second press before the next render sends nothing (the key is for retries). */
  const sending = useRef(false);
  /**
   * A request that failed (a lost answer, too): asking again for the same amount reuses its key, so
   * a request the server did make is not made twice.
   */
  const failed = useRef<RequestPayoutInput | null>(null);

  function review({ amount }: { amount: number }) {
    if (available !== undefined && amount > available) {
      form.setError('amount', { message: withdrawMoreThanAvailableMessage(available) });
      return;
    }
    const retry = failed.current?.amount === amount ? failed.current : null;
    setPending({ amount, idempotencyKey: retry?.idempotencyKey ?? newIdempotencyKey() });
  }

  function confirm() {
    if (!pending || sending.current) return;
    sending.current = true;
    request
      .mutateAsync(pending)
      .then(() => {
        failed.current = null;
        form.reset(EMPTY_REQUEST);
      })
      .catch((error: unknown) => {
        failed.current = pending;
        showServerRefusal(form, error);
      })
      .finally(() => {
        sending.current = false;
        setPending(null);
      });
  }

  return (
    <>
      <Form form={form} className={formStyles.inline} onSubmit={review}>
        <FormTextField<RequestPayoutQuery>
          name="amount"
          label="Withdraw amount"
          inputMode="numeric"
          autoComplete="off"
          placeholder="Credits"
          maxLength={12}
          hint={
            available === undefined ? '\u00a0' : `You can withdraw up to ${payoutAmountLabel(available)}.`
          }
        />
        <Button type="submit" loading={request.isPending} className={styles.submit}>
          Request payout
        </Button>
      </Form>
      <ConfirmDialog
        open={pending !== null}
        title="Request payout"
        message={
          pending
            ? `Request a payout of ${payoutAmountLabel(pending.amount)}? The amount leaves your available earnings now and stays reserved until the store owner pays it.`
            : ''
        }
        confirmLabel="Request payout"
        confirming={request.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </>
  );
}

/**
 * Premium developers request payouts from their earnings and follow them (Pending until the owner
 * pays, then Completed with a reference); everyone else is told why payouts are not theirs.
 */
export function PayoutsCard() {
  const earnings = useEarnings();
  const allowed = earnings.data?.canRequestPayouts ?? false;
  const [params, setParams] = usePageParams<MyPayoutsParams>({ sort: { key: 'date', order: 'desc' } });
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
          <QueryTable
            query={payouts}
            what="your payouts"
            params={params}
            setParams={setParams}
            label="Payouts"
            columns={columns}
            getRowKey={(payout) => payout.id}
            empty="No payouts yet. Request one from your available earnings."
            sortKeys={PAYOUT_SORT_KEYS}
          />
        </>
      ) : null}
    </Card>
  );
}
