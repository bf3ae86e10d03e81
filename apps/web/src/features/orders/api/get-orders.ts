import { type OrderPage, type OrderSortKey, orderPageResponse } from '@ember/contracts/commerce';
import type { OrderStatus } from '@ember/contracts/order-status';
import type { SortOrder } from '@ember/contracts/paging';
import { apiFetch } from '../../../lib/api-client.ts';
import { orderKeys } from '../../../lib/query-keys/orders.ts';
import { keyedQueryOptions, usePagedQuery } from '../../../lib/query-options.ts';

export interface OrdersParams {
  /** From 0. */
  page: number;
  size: number;
  sort: { key: OrderSortKey; order: SortOrder };
  /** Order id, buyer id, Discord id or payment id; '' for all. */
  search: string;
  /** Only the orders that need staff (a late, partial or over-payment, a partial refund...). */
  needsStaff?: boolean;
  /** Only the orders in this status; every status when left out. */
  orderStatus?: OrderStatus;
}

/** GET commerce /orders (PAYMENTS): every order, one page at a time, sorted and searched by the server. */
export function getOrders({
  page,
  size,
  sort,
  search,
  needsStaff,
  orderStatus,
}: OrdersParams): Promise<OrderPage> {
  return apiFetch('commerce', '/orders', orderPageResponse, {
    query: {
      page,
      size,
      sort: `${sort.key},${sort.order}`,
      search: search || undefined,
      needsStaff: needsStaff ? 'true' : undefined,
      orderStatus,
    },
  });
}

export const ordersQueryOptions = keyedQueryOptions(orderKeys.list, getOrders);

/** Keeps the page on screen while the next one loads. */
export const useOrders = (params: OrdersParams) => usePagedQuery(ordersQueryOptions(params));
