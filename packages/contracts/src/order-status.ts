import { ORDER_STATUSES, type OrderStatus } from './enums.ts';

export { ORDER_STATUSES, type OrderStatus } from './enums.ts';

// The order state machine (decision 0014). The server's one transition function refuses every
// move not listed here; the web reads the same table to know when a status can still change.
//
//   pending ─(checkout opened)─► awaiting_payment ─(crypto seen, not settled)─► payment_received
//   awaiting_payment / payment_received ─(paid)─► completed (credits, VIP: fulfilled at once)
//                                              └► processing (GP delivery: waits for staff)
//   awaiting_payment ─► failed | cancelled | expired (stock released; failed/cancelled may retry)
//   pending (GP-paid order) ─(staff, after the in-game trade)─► completed
//   pending | awaiting_payment ─(the buyer cancels, issue 26)─► cancelled (stock released at once)
//   processing ─(staff, after the in-game delivery)─► completed
//   completed | processing | payment_received ─(dispute or processor refund)─► disputed
//   failed | cancelled | expired ─(a payment that still arrives)─► completed | processing
//   disputed ─(a won dispute of a credits order: credits given back)─► completed

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['awaiting_payment', 'completed', 'cancelled', 'expired'],
  awaiting_payment: [
    'awaiting_payment',
    'payment_received',
    'processing',
    'completed',
    'failed',
    'cancelled',
    'expired',
  ],
  payment_received: ['processing', 'completed', 'failed', 'disputed'],
  processing: ['completed', 'disputed'],
  completed: ['disputed'],
  failed: ['awaiting_payment', 'processing', 'completed'],
  cancelled: ['awaiting_payment', 'processing', 'completed'],
  expired: ['processing', 'completed'],
  disputed: ['completed'],
};

export const canMoveOrder = (from: OrderStatus, to: OrderStatus): boolean =>
  ORDER_TRANSITIONS[from].includes(to);

/** Statuses whose order holds its units of stock; moving out of them releases it, back in reserves it. */
export const STOCK_HOLDING_ORDER_STATUSES = [
  'pending',
  'awaiting_payment',
  'payment_received',
  'processing',
  'completed',
  'disputed',
] as const satisfies readonly OrderStatus[];

export const holdsStock = (status: OrderStatus): boolean =>
  (STOCK_HOLDING_ORDER_STATUSES as readonly OrderStatus[]).includes(status);

/**
 * Statuses after which nothing more happens on its own: the checkout return page stops polling.
 * (failed and cancelled can still be retried by the buyer, but never change by themselves.)
 */
export const FINAL_ORDER_STATUSES = [
  'completed',
  'failed',
  'cancelled',
  'disputed',
  'expired',
] as const satisfies readonly OrderStatus[];

export const isFinalOrderStatus = (status: OrderStatus): boolean =>
  (FINAL_ORDER_STATUSES as readonly OrderStatus[]).includes(status);

/**
 * Statuses a PAYMENTS user may complete from: processing (a paid GP delivery, after the in-game
 * trade), and pending for orders paid in GP (the server also checks the processor is GP).
 * Completing a completed order is a no-op.
 */
export const COMPLETABLE_ORDER_STATUSES = ['pending', 'processing'] as const satisfies readonly OrderStatus[];

export const isCompletableOrderStatus = (status: OrderStatus): boolean =>
  (COMPLETABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(status);

/** Statuses in which a new checkout may be opened for the order. */
export const PAYABLE_ORDER_STATUSES = [
  'pending',
  'awaiting_payment',
  'failed',
  'cancelled',
] as const satisfies readonly OrderStatus[];

export const isPayableOrderStatus = (status: OrderStatus): boolean =>
  (PAYABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(status);

/**
 * Statuses in which the buyer may cancel the order (issue 26): not paid yet. Cancelled, failed and
 * expired orders are already over (cancelling them again changes nothing); any other is paid (409).
 */
export const CANCELLABLE_ORDER_STATUSES = [
  'pending',
  'awaiting_payment',
] as const satisfies readonly OrderStatus[];

export const isCancellableOrderStatus = (status: OrderStatus): boolean =>
  (CANCELLABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(status);

/** Spec §4 order status colouring; cancelled reads as danger (the first reading of the notes). */
export type OrderStatusTone = 'danger' | 'pending' | 'success' | 'expired';

export const ORDER_STATUS_TONES: Readonly<Record<OrderStatus, OrderStatusTone>> = {
  pending: 'pending',
  awaiting_payment: 'pending',
  payment_received: 'pending',
  processing: 'pending',
  completed: 'success',
  failed: 'danger',
  cancelled: 'danger',
  disputed: 'danger',
  expired: 'expired',
};

/** How a person reads each status. */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  pending: 'Pending',
  awaiting_payment: 'Awaiting payment',
  payment_received: 'Payment received',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
  disputed: 'Disputed',
  expired: 'Expired',
};

/** Every status, in the order of the state machine (for filters). */
export const ORDER_STATUS_OPTIONS: readonly OrderStatus[] = ORDER_STATUSES;
