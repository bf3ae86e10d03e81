import type { OrderResponse } from '@ember/contracts/commerce';
import { ORDER_STATUSES } from '@ember/contracts/order-status';
import { Link } from 'react-router';
import { OrderStatusBadge } from '../../../components/order-status-badge/order-status-badge.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table/data-table.tsx';
import { LoadError } from '../../../components/ui/load-error/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { formatLongDate } from '../../../lib/format/dates.ts';
import { formatAmount } from '../../../lib/format/money.ts';
import { PAYMENT_PROCESSOR_LABEL } from '../../../lib/format/payment-processors.ts';
import { unitsLabel } from '../../../lib/format/product-units.ts';
import { useMyOrders } from '../api/get-my-orders.ts';
import styles from './order-history-card.module.css';

/** Orders paid through a processor have a checkout page that shows (and re-checks) their status. */
const hasCheckout = (order: OrderResponse) => order.paymentProcessor !== 'GP';

const columns: DataTableColumn<OrderResponse>[] = [
  {
    id: 'id',
    header: 'Order ID',
    sortValue: (order) => order.id,
    cell: (order) =>
      hasCheckout(order) ? (
        <Link
          to={paths.checkout.getHref(order.id)}
          className={styles.link}
          aria-label={`Order ${order.id}: payment status`}
        >
          #{order.id}
        </Link>
      ) : (
        `#${order.id}`
      ),
  },
  {
    id: 'product',
    header: 'Product',
    rowHeader: true,
    sortValue: (order) => order.productName,
    cell: (order) => order.productName,
  },
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
  {
    id: 'date',
    header: 'Date',
    firstSortDirection: 'desc',
    sortValue: (order) => Date.parse(order.creationDate),
    cell: (order) => <time dateTime={order.creationDate}>{formatLongDate(order.creationDate)}</time>,
  },
];

/** Spec §2: the order history (credits, GP and VIP orders) from GET orders/my. */
export function OrderHistoryCard() {
  const orders = useMyOrders();
  return (
    <Card title="Order history">
      {orders.isError && !orders.data ? (
        <LoadError what="your orders" onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
      ) : (
        <DataTable
          label="Orders"
          columns={columns}
          rows={orders.data}
          getRowKey={(order) => order.id}
          loading={orders.isPending}
          defaultSort={{ columnId: 'date', direction: 'desc' }}
          empty={
            <span className={styles.empty}>
              No orders yet. Orders for credits, GP and VIP show up here.{' '}
              <Link to={paths.products.getHref('credits')} className={styles.link}>
                Buy credits
              </Link>
            </span>
          }
        />
      )}
    </Card>
  );
}
