import { type OrderResponse, orderSupportMessage } from '@ember/contracts/commerce';
import { CopyIcon } from '../../../components/icons/icons.tsx';
import { copyWithNotice } from '../../../components/ui/toast/copy-with-notice.ts';
import styles from './order-id-copy.module.css';

/** Spec §8: 'Successfully copied Order ID' / 'Failed to copy Order ID'. */
const COPIED_WHAT = 'Order ID';

/**
 * Spec §2: the order id of a GP trade; clicking it copies a prefilled message for our support
 * team, who arrange the in-game trade and complete the order. ('Order Placed' and the order page.)
 */
export function OrderIdCopy({ order }: { order: Pick<OrderResponse, 'id' | 'productName'> }) {
  return (
    <button
      type="button"
      className={styles.orderId}
      onClick={() => void copyWithNotice(orderSupportMessage(order.id, order.productName), COPIED_WHAT)}
      aria-label={`Order ID ${order.id}: copy a message for our support team`}
      data-testid="placed-order-id"
    >
      <span className={styles.label}>Order ID</span>
      <span className={styles.id}>#{order.id}</span>
      <CopyIcon size={18} />
    </button>
  );
}
