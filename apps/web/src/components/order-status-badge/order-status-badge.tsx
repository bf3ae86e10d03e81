import { ORDER_STATUS_LABELS, ORDER_STATUS_TONES, type OrderStatus } from '@ember/contracts/order-status';
import { StatusBadge } from '../ui/status-badge/status-badge.tsx';

/**
 * An order's status as a coloured pill, coloured per spec §4 (ORDER_STATUS_TONES: failed, cancelled
 * and disputed danger; pending, awaiting_payment, payment_received and processing pending;
 * completed success; expired grey). Used by the orders dashboard, the account's order history and
 * the checkout return page.
 */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <StatusBadge tone={ORDER_STATUS_TONES[status]} status={status}>
      {ORDER_STATUS_LABELS[status]}
    </StatusBadge>
  );
}
