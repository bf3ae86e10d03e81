import type { OrderResponse } from '@ember/contracts/commerce';
import { Button } from '../../../components/ui/button/button.tsx';
import { Modal } from '../../../components/ui/modal/modal.tsx';
import { usePublicConfig } from '../../../config/app-environment.ts';
import { paths } from '../../../config/paths.ts';
import { formatAmount } from '../../../lib/format/money.ts';
import { unitsLabel } from '../../../lib/format/product-units.ts';
import { OrderIdCopy } from './order-id-copy.tsx';
import styles from './order-placed-modal.module.css';

/**
 * Spec §2/§4: after a GP order, the order id; clicking it copies a prefilled message for our
 * support team, who arrange the in-game trade and complete the order.
 */
export function OrderPlacedModal({ order, onClose }: { order: OrderResponse; onClose: () => void }) {
  const { chatInviteUrl } = usePublicConfig().brand;
  return (
    <Modal
      open
      onClose={onClose}
      title="Order Placed"
      footer={
        <>
          <Button variant="secondary" to={paths.account.getHref(order.id)}>
            See my orders
          </Button>
          <Button onClick={onClose}>Done</Button>
        </>
      }
    >
      <div className={styles.body}>
        <p>
          Your order of {unitsLabel(order.product, order.amount)} for{' '}
          {formatAmount(order.totalPrice, order.currency)} is placed. Our staff complete it after the in-game
          trade.
        </p>
        <OrderIdCopy order={order} />
        <p className={styles.note}>
          Click the order id to copy a message with it, then send it to our support team on{' '}
          <a href={chatInviteUrl} target="_blank" rel="noopener noreferrer" className={styles.link}>
            Discord
          </a>
          .
        </p>
      </div>
    </Modal>
  );
}
