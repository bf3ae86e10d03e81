import type { OrderResponse, OrderSortKey } from '@ember/contracts/commerce';
import { ORDER_STATUS_LABELS, ORDER_STATUS_OPTIONS, type OrderStatus } from '@ember/contracts/order-status';
import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { OrderStatusBadge } from '../../../components/order-status-badge/order-status-badge.tsx';
import { Page } from '../../../components/page/page.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import { buttonColumn, dateTimeColumn } from '../../../components/ui/data-table/columns.tsx';
import type { DataTableColumn, DataTableSort } from '../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../components/ui/data-table/query-table.tsx';
import { usePageFilter, usePageParams } from '../../../components/ui/data-table/server-table.ts';
import { QueryLoadFailure } from '../../../components/ui/load-error/load-failure.tsx';
import { SearchBox } from '../../../components/ui/search-box/search-box.tsx';
import { Select } from '../../../components/ui/select/select.tsx';
import { StatusBadge } from '../../../components/ui/status-badge/status-badge.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { formatAmount } from '../../../lib/format/money.ts';
import { PAYMENT_PROCESSOR_LABEL } from '../../../lib/format/payment-processors.ts';
import clippedId from '../../../styles/clipped-id.module.css';
import { type OrdersParams, useOrders } from '../api/get-orders.ts';
import { useOrdersNeedingStaff } from '../api/needs-staff.ts';
import { OrderDetailModal } from '../components/order-detail-modal.tsx';
import styles from './orders-page.module.css';

/** The server's sort key of each sortable column. */
const SORT_KEY_OF: Record<string, OrderSortKey> = {
  id: 'id',
  status: 'orderStatus',
  total: 'totalPrice',
  date: 'creationDate',
};
const columnOfSortKey = (key: OrderSortKey) =>
  Object.entries(SORT_KEY_OF).find(([, sortKey]) => sortKey === key)?.[0] ?? 'date';

function columnsOf(open: (order: OrderResponse) => void): DataTableColumn<OrderResponse>[] {
  return [
    {
      id: 'id',
      header: 'Order ID',
      rowHeader: true,
      sortable: true,
      firstSortDirection: 'desc',
      cell: (order) => <span className={styles.mono}>#{order.id}</span>,
    },
    { id: 'buyer', header: 'User ID', cell: (order) => order.buyer.id },
    { id: 'product', header: 'Product', cell: (order) => order.productName },
    {
      id: 'status',
      header: 'Status',
      sortable: true,
      cell: (order) => (
        <span className={styles.statuses}>
          <OrderStatusBadge status={order.orderStatus} />
          {order.needsStaff ? (
            <StatusBadge tone="danger" status="needs-staff">
              Needs staff
            </StatusBadge>
          ) : null}
        </span>
      ),
    },
    {
      id: 'total',
      header: 'Total price',
      align: 'end',
      sortable: true,
      firstSortDirection: 'desc',
      cell: (order) => formatAmount(order.totalPrice, order.currency),
    },
    {
      id: 'method',
      header: 'Payment method',
      cell: (order) => PAYMENT_PROCESSOR_LABEL[order.paymentProcessor],
    },
    dateTimeColumn({ id: 'date', header: 'Date', value: (order) => order.creationDate, sort: 'server' }),
    {
      id: 'paymentId',
      header: 'Payment ID',
      cell: (order) =>
        order.paymentId ? (
          <span className={clippedId.clippedId} title={order.paymentId}>
            {order.paymentId}
          </span>
        ) : (
          <span className={styles.none}>None</span>
        ),
    },
    buttonColumn('details', 'Details', { onClick: open, label: (order) => `Details of order ${order.id}` }),
  ];
}

/** The address's filter: /orders?status=disputed (or the specification's DISPUTED). */
const STATUS_PARAM = 'status';

const statusOf = (value: string | null): OrderStatus | undefined =>
  ORDER_STATUS_OPTIONS.find((status) => status === value?.trim().toLowerCase());

/**
 * /orders (PAYMENTS; others go to /account): every order, searchable, filtered by status (kept in
 * the address, so a filtered list can be shared and survives a reload), newest first (spec §2).
 */
export default function OrdersPage() {
  useDocumentTitle('Orders');
  const [searchParams, setSearchParams] = useSearchParams();
  const orderStatus = statusOf(searchParams.get(STATUS_PARAM));
  const [params, setParams] = usePageParams<Omit<OrdersParams, 'orderStatus'>>({
    sort: { key: 'creationDate', order: 'desc' },
    search: '',
    needsStaff: false,
  });
  // Another status (chosen here, or by going back) starts at the first page.
  const [shownStatus, setShownStatus] = useState(orderStatus);
  if (shownStatus !== orderStatus) {
    setShownStatus(orderStatus);
    setParams((current) => ({ ...current, page: 0 }));
  }
  const statusSelectId = useId();
  const [openOrderId, setOpenOrderId] = useState<number | null>(null);
  const orders = useOrders({ ...params, orderStatus });
  const needingStaff = useOrdersNeedingStaff().data?.count;
  const columns = useMemo(() => columnsOf((order) => setOpenOrderId(order.id)), []);
  const onSearch = usePageFilter(setParams, 'search');

  const sort: DataTableSort = { columnId: columnOfSortKey(params.sort.key), direction: params.sort.order };

  return (
    <Page
      eyebrow="Payments"
      title="Orders"
      description="Every order of credits, GP and VIP. Open one to see the buyer, complete GP trades and settle what needs staff."
    >
      <Card>
        <div className={styles.toolbar}>
          <SearchBox
            value={params.search}
            label="Search orders"
            placeholder="Order ID, user ID, Discord ID or payment ID"
            onSearch={onSearch}
          />
          <div className={styles.statusFilter}>
            <label htmlFor={statusSelectId}>Status</label>
            <Select
              id={statusSelectId}
              value={orderStatus ?? ''}
              onChange={(event) => {
                const chosen = statusOf(event.target.value);
                setSearchParams((current) => {
                  const next = new URLSearchParams(current);
                  if (chosen) next.set(STATUS_PARAM, chosen);
                  else next.delete(STATUS_PARAM);
                  return next;
                });
              }}
            >
              <option value="">All statuses</option>
              {ORDER_STATUS_OPTIONS.map((status) => (
                <option key={status} value={status}>
                  {ORDER_STATUS_LABELS[status]}
                </option>
              ))}
            </Select>
          </div>
          <label className={styles.filter}>
            <input
              type="checkbox"
              checked={params.needsStaff}
              onChange={(event) => {
                const needsStaff = event.currentTarget.checked;
                setParams((current) => ({ ...current, needsStaff, page: 0 }));
              }}
            />
            Needs staff{needingStaff ? ' ' : ''}
            {needingStaff ? (
              <span className={styles.count} data-testid="needs-staff-count">
                {needingStaff}
              </span>
            ) : null}
          </label>
        </div>
        <QueryTable
          query={orders}
          failure={<QueryLoadFailure query={orders} />}
          busyWhileFetching
          params={params}
          setParams={setParams}
          label="Orders"
          columns={columns}
          getRowKey={(order) => order.id}
          sort={sort}
          onSortChange={(next) =>
            setParams((current) => ({
              ...current,
              page: 0,
              sort: { key: SORT_KEY_OF[next.columnId] ?? 'creationDate', order: next.direction },
            }))
          }
          empty={
            <span className={styles.none}>
              {params.search
                ? `No orders match “${params.search}”.`
                : orderStatus
                  ? `No orders with the status “${ORDER_STATUS_LABELS[orderStatus]}”${params.needsStaff ? ' need staff' : ''}.`
                  : params.needsStaff
                    ? 'No order needs staff.'
                    : 'No orders yet.'}
            </span>
          }
        />
      </Card>
      {openOrderId !== null ? (
        <OrderDetailModal orderId={openOrderId} onClose={() => setOpenOrderId(null)} />
      ) : null}
    </Page>
  );
}
