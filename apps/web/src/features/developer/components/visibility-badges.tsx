import { StatusBadge } from '../../../components/ui/status-badge/status-badge.tsx';
import styles from './visibility-badges.module.css';

/** Whether buyers can see and buy a plan or price: Shown / Hidden, and Disabled when switched off. */
export function VisibilityBadges({ hidden, enabled }: { hidden: boolean; enabled: boolean }) {
  return (
    <span className={styles.badges}>
      <StatusBadge tone={hidden ? 'expired' : 'success'} status={hidden ? 'hidden' : 'shown'}>
        {hidden ? 'Hidden' : 'Shown'}
      </StatusBadge>
      {enabled ? null : (
        <StatusBadge tone="danger" status="disabled">
          Disabled
        </StatusBadge>
      )}
    </span>
  );
}
