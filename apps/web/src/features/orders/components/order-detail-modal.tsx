import { CONFIRM_COMPLETE_ORDER_MESSAGE, type OrderFullResponse } from '@ember/contracts/commerce';
import { isCompletableOrderStatus } from '@ember/contracts/order-status';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import facts from '../../../components/detail-fact/detail-fact.module.css';
import { DetailFact } from '../../../components/detail-fact/detail-fact.tsx';
import { CheckIcon } from '../../../components/icons/icons.tsx';
import { OrderReceiptButton } from '../../../components/order-receipt-button/order-receipt-button.tsx';
import { OrderStatusBadge } from '../../../components/order-status-badge/order-status-badge.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { Modal } from '../../../components/ui/modal/modal.tsx';
import { Spinner } from '../../../components/ui/spinner/spinner.tsx';
import { formatDateTime } from '../../../lib/format/dates.ts';
import { formatAmount } from '../../../lib/format/money.ts';
import { PAYMENT_PROCESSOR_LABEL } from '../../../lib/format/payment-processors.ts';
import { unitsLabel } from '../../../lib/format/product-units.ts';
import spreadRow from '../../../styles/spread-row.module.css';
import { useCompleteOrder } from '../api/complete-order.ts';
import { useOrderFull } from '../api/get-order-full.ts';
import { useResolveOrder } from '../api/needs-staff.ts';
import styles from './order-detail-modal.module.css';

/** Spec §2 Orders dashboard: who bought what, how it is paid, and Complete. */
function OrderFacts({ order }: { order: OrderFullResponse }) {
  return (
    <dl className={`${facts.labelled} ${styles.facts}`}>
      <DetailFact label="Status">
        <OrderStatusBadge status={order.orderStatus} />
      </DetailFact>
      <DetailFact label="Date">{formatDateTime(order.creationDate)}</DetailFact>
      <DetailFact label="Buyer ID">{order.buyer.id}</DetailFact>
      <DetailFact label="Discord ID">
        <span className={styles.mono}>{order.buyer.discordId}</span>
      </DetailFact>
      <DetailFact label="Display name">{order.buyer.displayName}</DetailFact>
      <DetailFact label="Username">{order.buyer.username}</DetailFact>
      <DetailFact label="Product">{order.productName}</DetailFact>
      <DetailFact label="Amount">
        {unitsLabel(order.product, order.amount)}
        {order.bonusAmount > 0 ? ` + ${unitsLabel(order.product, order.bonusAmount)} free` : ''}
      </DetailFact>
      <DetailFact label="Payment type">{PAYMENT_PROCESSOR_LABEL[order.paymentProcessor]}</DetailFact>
      <DetailFact label="Total price">
        <span className={styles.total}>{formatAmount(order.totalPrice, order.currency)}</span>
      </DetailFact>
      {order.paymentId ? (
        <DetailFact label="Payment ID" wide>
          <span className={styles.mono}>{order.paymentId}</span>
        </DetailFact>
      ) : null}
      {order.extraInfo ? (
        <DetailFact label="Buyer's note" wide>
          {order.extraInfo}
        </DetailFact>
      ) : null}
      {order.needsStaff ? (
        <DetailFact label="Needs staff" wide>
          <span className={styles.needsStaff}>{order.needsStaff.reason}</span>
          <span className={styles.since}> Since {formatDateTime(order.needsStaff.since)}.</span>
        </DetailFact>
      ) : null}
      {order.disputeAmount !== null ? (
        <DetailFact label="Disputed or refunded">
          {formatAmount(order.disputeAmount, order.currency)}
          {order.disputeShortfall ? ` (${order.disputeShortfall} units could not be taken back)` : ''}
        </DetailFact>
      ) : null}
      {order.completedBy ? (
        <DetailFact label="Completed by" wide>
          {order.completedBy.username}
          {order.completedDate ? ` on ${formatDateTime(order.completedDate)}` : ''}
        </DetailFact>
      ) : null}
    </dl>
  );
}

/**
 * The detail of one order (GET orders/{id}/full). Complete asks first ('Are you sure you want to
 * complete this order?') in the dialog itself, then says 'Order completed successfully!'.
 */
export function OrderDetailModal({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const order = useOrderFull(orderId);
  const complete = useCompleteOrder();
  const resolve = useResolveOrder();
  const [asking, setAsking] = useState(false);
  const completable = order.data ? isCompletableOrderStatus(order.data.orderStatus) : false;
  const footerRef = useRef<HTMLDivElement>(null);

  // The pressed button is replaced by the question (or back): the focus moves to the last button.
  useEffect(() => {
    if (asking || footerRef.current?.contains(document.activeElement) === false) {
      footerRef.current?.querySelector<HTMLElement>('button:last-of-type')?.focus();
    }
  }, [asking]);

  function confirm() {
    if (complete.isPending) return;
    complete.mutate(orderId, { onSettled: () => setAsking(false) });
  }

  let footer: ReactNode;
  if (asking && completable) {
    footer = (
      <div className={`${spreadRow.spreadRow} ${styles.confirm}`} ref={footerRef}>
        <p className={styles.question} role="alert">
          {CONFIRM_COMPLETE_ORDER_MESSAGE}
        </p>
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={() => setAsking(false)} disabled={complete.isPending}>
            Cancel
          </Button>
          <Button onClick={confirm} loading={complete.isPending} icon={<CheckIcon size={16} />}>
            Yes, complete
          </Button>
        </div>
      </div>
    );
  } else {
    footer = (
      <div className={styles.buttons} ref={footerRef}>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        {order.data ? <OrderReceiptButton order={order.data} size="md" /> : null}
        {order.data?.needsStaff ? (
          <Button variant="secondary" onClick={() => resolve.mutate(orderId)} loading={resolve.isPending}>
            Mark resolved
          </Button>
        ) : null}
        {completable ? (
          <Button onClick={() => setAsking(true)} icon={<CheckIcon size={16} />}>
            Complete
          </Button>
        ) : null}
      </div>
    );
  }

  let body: ReactNode;
  if (order.isPending) {
    body = (
      <p className={styles.loading}>
        <Spinner size="sm" /> Loading order #{orderId}...
      </p>
    );
  } else if (order.isError) {
    body = (
      <div className={styles.loading} role="alert">
        <span>{order.error.message}</span>
        <Button variant="secondary" size="sm" onClick={() => void order.refetch()} loading={order.isFetching}>
          Try again
        </Button>
      </div>
    );
  } else {
    body = <OrderFacts order={order.data} />;
  }

  return (
    <Modal
      open
      onClose={complete.isPending ? () => {} : onClose}
      disableOverlayClose={complete.isPending}
      title={`Order #${orderId}`}
      footer={footer}
    >
      {body}
    </Modal>
  );
}
