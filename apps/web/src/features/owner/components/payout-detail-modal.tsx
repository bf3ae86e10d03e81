import { PAYOUT_NOT_COMPLETED_LABEL } from '@ember/contracts/exports';
import { type ConfirmPayoutBody, confirmPayoutBody, type PayoutResponse } from '@ember/contracts/payouts';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { DetailFact, DetailFacts } from '../../../components/detail-fact/detail-fact.tsx';
import { Form } from '../../../components/form/form.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { CheckIcon, DownloadIcon } from '../../../components/icons/icons.tsx';
import { PayoutReference } from '../../../components/payout/payout.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { Modal } from '../../../components/ui/modal/modal.tsx';
import { formatDateTime } from '../../../lib/format/dates.ts';
import { payoutAmountLabel } from '../../../lib/format/payout-amounts.ts';
import { useConfirmPayout } from '../api/confirm-payout.ts';
import { useDownloadPayoutReceipt } from '../api/download-owner-files.ts';
import { usePayout } from '../api/get-payout.ts';
import styles from './payout-detail-modal.module.css';
import { PayoutStatusBadge } from './payout-status-badge.tsx';

/** Spec §2 Owner dashboard: who asked for how much, when, and how it was paid. */
function PayoutFacts({ payout }: { payout: PayoutResponse }) {
  return (
    <DetailFacts>
      <DetailFact label="ID">
        <span className={styles.mono}>#{payout.id}</span>
      </DetailFact>
      <DetailFact label="Amount">
        <span className={styles.amount}>{payoutAmountLabel(payout.amount)}</span>
      </DetailFact>
      <DetailFact label="Status">
        <PayoutStatusBadge payout={payout} />
      </DetailFact>
      <DetailFact label="Display name">{payout.developer.displayName}</DetailFact>
      <DetailFact label="Username">{payout.developer.username}</DetailFact>
      <DetailFact label="User ID">{payout.userId}</DetailFact>
      <DetailFact label="Date">
        <time dateTime={payout.date}>{formatDateTime(payout.date)}</time>
      </DetailFact>
      <DetailFact label="Completion date">
        {payout.completedDate ? (
          <time dateTime={payout.completedDate}>{formatDateTime(payout.completedDate)}</time>
        ) : (
          <span className={styles.none}>{PAYOUT_NOT_COMPLETED_LABEL}</span>
        )}
      </DetailFact>
      <DetailFact label="Description" wide>
        {payout.description || <span className={styles.none}>None</span>}
      </DetailFact>
      {payout.completed ? (
        <DetailFact label="Reference" wide>
          <PayoutReference reference={payout.reference} />
        </DetailFact>
      ) : null}
    </DetailFacts>
  );
}

/** A pending payout: the owner enters the transfer reference (a link or a number) and confirms. */
function ConfirmPayoutForm({
  formId,
  onSubmit,
}: {
  formId: string;
  onSubmit: (body: ConfirmPayoutBody) => Promise<unknown>;
}) {
  const form = useContractForm(confirmPayoutBody, { defaultValues: { reference: '' } });
  return (
    <Form id={formId} form={form} onSubmit={onSubmit} className={styles.form}>
      <FormTextField<ConfirmPayoutBody>
        name="reference"
        label="Transfer reference"
        hint="A link to the transfer or its number. A link opens from the payout once confirmed."
        autoComplete="off"
        maxLength={500}
        mono
      />
    </Form>
  );
}

/**
 * One payout (GET /payouts/{id}), opened from the owner's table. A pending one takes the transfer
 * reference and Confirm ('Payout request processed'); a completed one downloads its PDF receipt.
 */
export function PayoutDetailModal({
  payoutId,
  shown,
  onClose,
}: {
  payoutId: number;
  /** The row the owner clicked: shown at once while the payout reads again. */
  shown?: PayoutResponse;
  onClose: () => void;
}) {
  const payout = usePayout(payoutId, shown);
  const confirm = useConfirmPayout(payoutId);
  const receipt = useDownloadPayoutReceipt(payoutId);
  const formId = useId();
  const pending = payout.data ? !payout.data.completed : false;
  const completed = payout.data?.completed ?? false;
  // Once confirmed, the form and its button are gone: focus goes to Close (the footer's first
  // button), not to the page.
  const footer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (confirm.isSuccess) footer.current?.querySelector('button')?.focus();
  }, [confirm.isSuccess]);

  let body: ReactNode;
  if (payout.data) {
    body = (
      <>
        <PayoutFacts payout={payout.data} />
        {pending ? (
          <ConfirmPayoutForm formId={formId} onSubmit={(values) => confirm.mutateAsync(values)} />
        ) : null}
      </>
    );
  } else if (payout.isError) {
    body = (
      <div className={styles.status} role="alert">
        <span>{payout.error.message}</span>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void payout.refetch()}
          loading={payout.isFetching}
        >
          Try again
        </Button>
      </div>
    );
  } else {
    body = (
      <p className={styles.status} role="status" aria-label="Loading payout">
        Loading payout #{payoutId}...
      </p>
    );
  }

  return (
    <Modal
      open
      onClose={confirm.isPending ? () => {} : onClose}
      disableOverlayClose={confirm.isPending}
      title={`Payout #${payoutId}`}
      footer={
        <div className={styles.footer} ref={footer}>
          <Button variant="secondary" onClick={onClose} disabled={confirm.isPending}>
            Close
          </Button>
          <div className={styles.footerActions}>
            {completed ? (
              <Button
                variant="secondary"
                icon={<DownloadIcon size={16} />}
                loading={receipt.isPending}
                loadingText="Downloading..."
                onClick={() => receipt.mutate()}
              >
                Download receipt
              </Button>
            ) : null}
            {pending ? (
              <Button type="submit" form={formId} loading={confirm.isPending} icon={<CheckIcon size={16} />}>
                Confirm payout
              </Button>
            ) : null}
          </div>
        </div>
      }
    >
      {body}
    </Modal>
  );
}
