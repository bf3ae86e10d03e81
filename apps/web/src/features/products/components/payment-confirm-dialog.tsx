import { CONFIRM_PAYMENT_REDIRECT_MESSAGE } from '@ember/contracts/commerce';
import { DetailFact } from '../../../components/detail-fact/detail-fact.tsx';
import formStyles from '../../../components/form/form.module.css';
import { Button } from '../../../components/ui/button/button.tsx';
import { Modal } from '../../../components/ui/modal/modal.tsx';
import { formatAmount } from '../../../lib/format/money.ts';
import { PAYMENT_PROCESSOR_LABEL } from '../../../lib/format/payment-processors.ts';
import { unitsLabel } from '../../../lib/format/product-units.ts';
import stack from '../../../styles/stack.module.css';
import type { PurchaseSummary } from '../hooks/use-product-purchase.ts';
import styles from './payment-confirm-dialog.module.css';

interface PaymentConfirmDialogProps {
  summary: PurchaseSummary;
  /** Why the buyer is asked again (a refusal, a changed price). */
  problem: string | null;
  /** OK was pressed: the order and its checkout are being made. */
  working: boolean;
  /** Cancel was pressed on a placed order: it is being cancelled. */
  cancelling: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Spec §4 'Press OK to continue to payment page', restating what is bought: the product, the
 * quantity (and any free units) and the total (issue 26, item 1). Nothing is sent before OK.
 * Escape and Cancel answer Cancel; a click on the backdrop does nothing here, so a stray click
 * cannot answer for the buyer.
 */
export function PaymentConfirmDialog({
  summary,
  problem,
  working,
  cancelling,
  onConfirm,
  onCancel,
}: PaymentConfirmDialogProps) {
  const busy = working || cancelling;
  const { product } = summary;
  return (
    <Modal
      open
      onClose={busy ? () => {} : onCancel}
      disableOverlayClose
      title="Continue to payment"
      footer={
        <>
          <Button
            variant="secondary"
            onClick={onCancel}
            disabled={working}
            loading={cancelling}
            loadingText="Cancelling..."
          >
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={working} disabled={cancelling}>
            OK
          </Button>
        </>
      }
    >
      <div className={stack.gap4}>
        <p className={styles.question}>{CONFIRM_PAYMENT_REDIRECT_MESSAGE}</p>
        <dl className={styles.summary} data-testid="payment-summary">
          <DetailFact label="Product">{product.name}</DetailFact>
          <DetailFact label="Quantity">
            {unitsLabel(product, summary.amount)}
            {summary.bonusAmount > 0 ? ` + ${unitsLabel(product, summary.bonusAmount)} free` : ''}
          </DetailFact>
          <DetailFact label="Payment">{PAYMENT_PROCESSOR_LABEL[product.paymentProcessor]}</DetailFact>
          <div className={styles.total}>
            <dt>Total</dt>
            <dd data-testid="payment-total">{formatAmount(summary.total, summary.currency)}</dd>
          </div>
        </dl>
        {problem ? (
          <p className={formStyles.error} role="alert">
            {problem}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
