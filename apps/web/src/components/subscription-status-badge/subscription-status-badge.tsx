import type { SubscriptionStatus } from '@ember/contracts/subscriptions';
import { StatusBadge, type StatusTone } from '../ui/status-badge/status-badge.tsx';

const TONE_OF: Record<SubscriptionStatus, StatusTone> = {
  Active: 'success',
  Paused: 'pending',
  Expired: 'expired',
  Refunded: 'info',
};

/** Active (green), Paused (amber), Expired (grey) or Refunded (light blue). */
export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  return (
    <StatusBadge tone={TONE_OF[status]} status={status}>
      {status}
    </StatusBadge>
  );
}
