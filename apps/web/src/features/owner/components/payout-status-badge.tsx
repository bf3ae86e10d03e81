import type { PayoutResponse } from '@ember/contracts/payouts';
import { StatusBadge } from '../../../components/ui/status-badge/status-badge.tsx';

/** Completed (green) or Pending (amber). */
export function PayoutStatusBadge({ payout }: { payout: Pick<PayoutResponse, 'completed' | 'status'> }) {
  return (
    <StatusBadge tone={payout.completed ? 'success' : 'pending'} status={payout.status}>
      {payout.status}
    </StatusBadge>
  );
}
