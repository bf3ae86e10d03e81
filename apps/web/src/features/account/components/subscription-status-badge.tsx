import type { SubscriptionStatus } from '@ember/contracts/subscriptions';
import styles from './subscription-status-badge.module.css';

const CLASS_OF: Record<SubscriptionStatus, string | undefined> = {
  Active: styles.active,
  Paused: styles.paused,
  Expired: styles.expired,
  Refunded: styles.refunded,
};

/** Active (green), Paused (amber), Expired (grey) or Refunded (light blue). */
export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  return (
    <span className={`${styles.badge} ${CLASS_OF[status] ?? ''}`} data-status={status}>
      <span className={styles.dot} aria-hidden="true" />
      {status}
    </span>
  );
}
