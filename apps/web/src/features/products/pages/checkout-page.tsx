import { type OrderResponse, PRODUCT_PAGE_NAMES } from '@ember/contracts/commerce';
import type { OrderStatus } from '@ember/contracts/order-status';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import facts from '../../../components/detail-fact/detail-fact.module.css';
import { OrderPaymentActions } from '../../../components/order-payment-actions/order-payment-actions.tsx';
import { OrderReceiptButton } from '../../../components/order-receipt-button/order-receipt-button.tsx';
import { OrderStatusBadge } from '../../../components/order-status-badge/order-status-badge.tsx';
import { Page } from '../../../components/page/page.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { Spinner } from '../../../components/ui/spinner/spinner.tsx';
import { usePublicConfig } from '../../../config/app-environment.ts';
import { type ProductName, paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { formatDateTime } from '../../../lib/format/dates.ts';
import { formatAmount } from '../../../lib/format/money.ts';
import { unitsLabel } from '../../../lib/format/product-units.ts';
import { isAwaitingPayment, useDeadlinePassed } from '../../../lib/orders/order-payments.ts';
import { orderKeys } from '../../../lib/query-keys/orders.ts';
import { transactionKeys } from '../../../lib/query-keys/transactions.ts';
import { userKeys } from '../../../lib/query-keys/users.ts';
import spreadRow from '../../../styles/spread-row.module.css';
import stack from '../../../styles/stack.module.css';
import wrapRow from '../../../styles/wrap-row.module.css';
import { CHECK_ORDER_GIVE_UP_MS, isSettledForBuyer, useCheckedOrder } from '../api/check-order.ts';
import { OrderIdCopy } from '../components/order-id-copy.tsx';
import styles from './checkout-page.module.css';

/** The products page of each kind, for 'Buy more' and 'Try again'. */
const PAGE_OF_KIND = Object.fromEntries(
  Object.entries(PRODUCT_PAGE_NAMES).map(([name, kind]) => [kind, name as ProductName]),
) as Record<OrderResponse['product']['kind'], ProductName>;

/** An order paid in GP: handed over in game to our staff, no payment processor involved. */
const isGpTrade = (order: OrderResponse) => order.paymentProcessor === 'GP';

/** What the buyer reads for each status: a heading and a sentence. */
function outcomeOf(order: OrderResponse): { heading: string; text: string } {
  const units = order.amount + order.bonusAmount;
  const delivered = unitsLabel(order.product, units);
  const were = units === 1 ? 'was' : 'were';
  if (isGpTrade(order)) {
    // Paid in GP: no processor; the buyer trades the gold to our staff in game (issue 26, item 5).
    if (order.orderStatus === 'pending') {
      return {
        heading: 'Waiting for the in-game trade',
        text: `Send us the order id on Discord. Our staff arrange the trade with you in game: you hand over ${formatAmount(order.totalPrice, order.currency)}, and they complete the order, which delivers ${delivered}.`,
      };
    }
  }
  const byStatus: Record<OrderStatus, { heading: string; text: string }> = {
    pending: {
      heading: 'Waiting for your payment',
      text: 'Your order is placed but not paid yet. Continue to the payment page, or cancel the order.',
    },
    awaiting_payment: {
      heading: 'Waiting for your payment',
      text: 'As soon as the payment processor confirms your payment, this page updates by itself. Not paid yet? Continue to the payment page, or cancel the order.',
    },
    payment_received: {
      heading: 'Payment received',
      text: 'Your payment is being confirmed. This page updates by itself.',
    },
    processing: {
      heading: 'Paid, on its way',
      text: `Thank you! Our staff deliver ${delivered} in game; the order completes when they have.`,
    },
    completed: {
      heading: 'Thank you for your purchase',
      text:
        order.product.kind === 'CREDITS'
          ? `${delivered} ${were} added to your balance.`
          : order.product.kind === 'VIP'
            ? `${delivered} of VIP ${were} added to your account.`
            : `${delivered} ${were} delivered.`,
    },
    failed: { heading: 'The payment did not go through', text: 'Nothing was charged. You can try again.' },
    cancelled: { heading: 'The payment was cancelled', text: 'Nothing was charged. You can try again.' },
    expired: { heading: 'This order expired', text: 'It was not paid in time. Nothing was charged.' },
    disputed: {
      heading: 'This payment is disputed',
      text: 'The payment was disputed with the payment processor. Contact us on Discord if this is a mistake.',
    },
  };
  return byStatus[order.orderStatus];
}

/**
 * /checkout/{orderId}: where the payment processor sends the buyer back. It shows the order's real
 * status, asking the server to check the payment every 2 s until it is settled; when it completes,
 * the nav's balance and VIP gem follow at once.
 */
export default function CheckoutPage() {
  useDocumentTitle('Checkout');
  const { orderId: raw } = useParams();
  const orderId = Number(raw);
  if (!Number.isSafeInteger(orderId) || orderId < 1) {
    return (
      <Page eyebrow="Checkout" title="Order not found">
        <p className={styles.text}>This address names no order.</p>
      </Page>
    );
  }
  return <CheckoutStatus orderId={orderId} />;
}

function CheckoutStatus({ orderId }: { orderId: number }) {
  const [since, setSince] = useState(() => Date.now());
  const order = useCheckedOrder(orderId, since);
  const queryClient = useQueryClient();
  const status = order.data?.orderStatus;
  const refreshed = useRef<OrderStatus | null>(null);
  const { chatInviteUrl } = usePublicConfig().brand;
  // At its pay-by time an unpaid order is checked once more: the server expires it on the spot.
  const payByPassed = useDeadlinePassed(order.data?.payBy ?? null);
  const refetch = order.refetch;
  useEffect(() => {
    if (payByPassed) void refetch();
  }, [payByPassed, refetch]);

  // A completed (or disputed) order moved credits or VIP: the nav and the account lists follow.
  useEffect(() => {
    if (!status || refreshed.current === status) return;
    refreshed.current = status;
    if (status === 'completed' || status === 'disputed') {
      void queryClient.invalidateQueries({ queryKey: userKeys.me });
      void queryClient.invalidateQueries({ queryKey: transactionKeys.all });
    }
    void queryClient.invalidateQueries({ queryKey: orderKeys.mine() });
  }, [status, queryClient]);

  if (order.isPending) {
    return (
      <Page eyebrow="Checkout" title="Checking your payment">
        <p className={styles.waiting}>
          <Spinner size="sm" /> Asking the payment processor about order #{orderId}...
        </p>
      </Page>
    );
  }
  if (order.isError) {
    return (
      <Page eyebrow="Checkout" title="The order could not be loaded">
        <div className={styles.state} role="alert">
          <p className={styles.text}>{order.error.message}</p>
          <Button onClick={() => void order.refetch()} loading={order.isFetching} loadingText="Retrying...">
            Try again
          </Button>
        </div>
      </Page>
    );
  }

  const current = order.data;
  const settled = isSettledForBuyer(current) || payByPassed;
  const outcome = outcomeOf(current);
  const page = PAGE_OF_KIND[current.product.kind];
  const retryable = current.orderStatus === 'failed' || current.orderStatus === 'cancelled';
  // The last automatic check ran after the give-up time: polling has stopped.
  const gaveUp = !settled && order.dataUpdatedAt - since >= CHECK_ORDER_GIVE_UP_MS;

  let waiting: ReactNode = null;
  if (!settled) {
    waiting = gaveUp ? (
      <div className={styles.waiting}>
        <span>Still no answer from the payment processor.</span>
        <Button variant="secondary" size="sm" onClick={() => setSince(Date.now())}>
          Check again
        </Button>
      </div>
    ) : (
      <p className={styles.waiting} data-testid="checkout-polling">
        <Spinner size="sm" /> Checking again every few seconds...
      </p>
    );
  }

  return (
    <Page eyebrow="Checkout" title={outcome.heading} description={outcome.text}>
      <div className={styles.layout}>
        <section className={styles.card} aria-label={`Order ${current.id}`}>
          <div className={spreadRow.spreadRow}>
            <span className={styles.orderId}>Order #{current.id}</span>
            <span data-testid="checkout-status">
              <OrderStatusBadge status={current.orderStatus} />
            </span>
          </div>
          <dl className={`${facts.labelled} ${styles.facts}`}>
            <div>
              <dt>Product</dt>
              <dd>{current.productName}</dd>
            </div>
            <div>
              <dt>Amount</dt>
              <dd>
                {unitsLabel(current.product, current.amount)}
                {current.bonusAmount > 0 ? ` + ${unitsLabel(current.product, current.bonusAmount)} free` : ''}
              </dd>
            </div>
            <div>
              <dt>Total</dt>
              <dd>{formatAmount(current.totalPrice, current.currency)}</dd>
            </div>
            <div>
              <dt>Ordered</dt>
              <dd>{formatDateTime(current.creationDate)}</dd>
            </div>
          </dl>
          {current.payBy && !payByPassed ? (
            <p className={styles.payBy}>
              Pay by {formatDateTime(current.payBy)}: an order not paid by then expires, and nothing is
              charged.
            </p>
          ) : null}
          {isGpTrade(current) && current.orderStatus === 'pending' ? (
            <div className={stack.gap3}>
              <OrderIdCopy order={current} />
              <p className={styles.text}>
                Click the order id to copy a message with it, then send it to our support team on{' '}
                <a href={chatInviteUrl} target="_blank" rel="noopener noreferrer" className={styles.link}>
                  Discord
                </a>
                {current.extraInfo ? `. They trade with ${current.extraInfo} in game.` : '.'}
              </p>
            </div>
          ) : null}
          <div aria-live="polite">{waiting}</div>
          {isAwaitingPayment(current) ? <OrderPaymentActions order={current} size="md" /> : null}
        </section>
        <div className={wrapRow.gap3}>
          {retryable ? (
            <Button to={paths.products.getHref(page)}>Try again</Button>
          ) : (
            <Button
              to={paths.products.getHref(page)}
              variant={settled || isAwaitingPayment(current) ? 'secondary' : 'primary'}
            >
              Buy more
            </Button>
          )}
          <OrderReceiptButton order={current} size="md" />
          <Button to={paths.account.getHref(current.id)} variant="secondary">
            See my orders
          </Button>
        </div>
      </div>
    </Page>
  );
}
