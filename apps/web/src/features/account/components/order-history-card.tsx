import type { OrderResponse } from '@ember/contracts/commerce';
import { ORDER_STATUSES } from '@ember/contracts/order-status';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { OrderPaymentActions } from '../../../components/order-payment-actions/order-payment-actions.tsx';
import { OrderReceiptButton } from '../../../components/order-receipt-button/order-receipt-button.tsx';
import { OrderStatusBadge } from '../../../components/order-status-badge/order-status-badge.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import { dateTimeColumn, nameColumn } from '../../../components/ui/data-table/columns.tsx';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../components/ui/data-table/query-table.tsx';
import { paths } from '../../../config/paths.ts';
import { formatAmount } from '../../../lib/format/money.ts';
import { PAYMENT_PROCESSOR_LABEL } from '../../../lib/format/payment-processors.ts';
import { unitsLabel } from '../../../lib/format/product-units.ts';
import { checkOrder, isAwaitingPayment, useDeadlinePassed } from '../../../lib/orders/order-payments.ts';
import { orderKeys } from '../../../lib/query-keys/orders.ts';
import { useMyOrders } from '../api/get-my-orders.ts';
import styles from './order-history-card.module.css';

/**
 * What the buyer can do with an order not paid yet: continue to its payment or cancel it. At its
 * pay-by time the row stops offering them and says it expired; the server is asked to check the
 * order then (it expires an unpaid one on the spot), so the status follows (issue 26, item 1).
 */
function OrderRowActions({ order }: { order: OrderResponse }) {
  const queryClient = useQueryClient();
  const passed = useDeadlinePassed(order.payBy);
  const checked = useRef(false);
  const unpaid = order.orderStatus === 'pending' || order.orderStatus === 'awaiting_payment';
  useEffect(() => {
    if (!passed || !unpaid || checked.current) return;
    checked.current = true;
    void checkOrder(order.id)
      .catch(() => undefined)
      .then(() => queryClient.invalidateQueries({ queryKey: orderKeys.mine() }));
  }, [passed, unpaid, order.id, queryClient]);

  if (passed && unpaid) {
    return (
      <span className={styles.note} data-testid="order-expired-note">
        Expired: not paid in time
      </span>
    );
  }
  if (order.completedDate) return <OrderReceiptButton order={order} />;
  if (!isAwaitingPayment(order)) return null;
  return <OrderPaymentActions order={order} />;
}

const columns: DataTableColumn<OrderResponse>[] = [
  {
    id: 'id',
    header: 'Order ID',
    sortValue: (order) => order.id,
    // Every order has its own page: its status, and for a GP trade how the trade happens.
    cell: (order) => (
      <Link
        to={paths.checkout.getHref(order.id)}
        className={styles.link}
        aria-label={`Order ${order.id}: details and status`}
      >
        #{order.id}
      </Link>
    ),
  },
  nameColumn('product', 'Product', (order) => order.productName),
  {
    id: 'amount',
    header: 'Amount',
    align: 'end',
    sortValue: (order) => order.amount,
    cell: (order) =>
      `${unitsLabel(order.product, order.amount)}${order.bonusAmount > 0 ? ` + ${unitsLabel(order.product, order.bonusAmount)} free` : ''}`,
  },
  {
    id: 'total',
    header: 'Total',
    align: 'end',
    cell: (order) => formatAmount(order.totalPrice, order.currency),
  },
  { id: 'method', header: 'Payment', cell: (order) => PAYMENT_PROCESSOR_LABEL[order.paymentProcessor] },
  {
    id: 'status',
    header: 'Status',
    sortValue: (order) => ORDER_STATUSES.indexOf(order.orderStatus),
    cell: (order) => <OrderStatusBadge status={order.orderStatus} />,
  },
  dateTimeColumn({ id: 'date', header: 'Date', value: (order) => order.creationDate, sort: 'browser' }),
  {
    id: 'actions',
    header: 'Actions',
    hideLabelWhenStacked: true,
    cell: (order) => <OrderRowActions order={order} />,
  },
];

/** `?order=78` (from "See my orders" after a purchase): the order to land on. */
function orderToLandOn(params: URLSearchParams): number | undefined {
  const id = Number(params.get('order'));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** Spec §2: the order history (credits, GP and VIP orders) from GET orders/my. */
export function OrderHistoryCard() {
  const orders = useMyOrders();
  const [params] = useSearchParams();
  return (
    <Card title="Order history">
      <QueryTable
        query={orders}
        what="your orders"
        label="Orders"
        columns={columns}
        getRowKey={(order) => order.id}
        defaultSort={{ columnId: 'date', direction: 'desc' }}
        highlightRowKey={orderToLandOn(params)}
        empty={
          <span className={styles.empty}>
            No orders yet. Orders for credits, GP and VIP show up here.{' '}
            <Link to={paths.products.getHref('credits')} className={styles.link}>
              Buy credits
            </Link>
          </span>
        }
      />
    </Card>
  );
}
