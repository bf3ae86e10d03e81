import { Link } from 'react-router';
import { Card } from '../../../components/ui/card/card.tsx';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table/data-table.tsx';
import { paths } from '../../../config/paths.ts';
import { formatLongDate } from '../../../lib/format/dates.ts';
import styles from './order-history-card.module.css';

/** Spec §3 Order, the fields this table shows. */
export interface OrderRow {
  id: number;
  productName: string;
  amount: number;
  /** Already formatted in the product's currency. */
  total: string;
  orderStatus: string;
  creationDate: string;
}

const columns: DataTableColumn<OrderRow>[] = [
  { id: 'id', header: 'Order ID', sortValue: (order) => order.id, cell: (order) => `#${order.id}` },
  { id: 'product', header: 'Product', rowHeader: true, cell: (order) => order.productName },
  { id: 'amount', header: 'Amount', align: 'end', cell: (order) => order.amount },
  { id: 'total', header: 'Total', align: 'end', cell: (order) => order.total },
  { id: 'status', header: 'Status', cell: (order) => order.orderStatus },
  {
    id: 'date',
    header: 'Date',
    firstSortDirection: 'desc',
    sortValue: (order) => Date.parse(order.creationDate),
    cell: (order) => formatLongDate(order.creationDate),
  },
];

/**
 * Seam: the orders API (GET commerce /orders/my) comes with the commerce work. It then gets an
 * api/get-my-orders.ts (fetcher, query options, useMyOrders) whose rows replace NO_ORDERS here; until
 * then the card makes no request and shows its empty state.
 */
const NO_ORDERS: readonly OrderRow[] = [];

/** Spec §2: the order history (credits, GP and VIP orders). */
export function OrderHistoryCard() {
  return (
    <Card title="Order history">
      <DataTable
        label="Orders"
        columns={columns}
        rows={NO_ORDERS}
        getRowKey={(order) => order.id}
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
    </Card>
  );
}
