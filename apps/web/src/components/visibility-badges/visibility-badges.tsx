import { StatusBadge } from '../ui/status-badge/status-badge.tsx';
import styles from './visibility-badges.module.css';

/** Issue 26: a plan without a buyable price is not listed, searched or in the sitemap. */
export const NOT_ON_SALE_MARK = 'Not on sale: add a price';

/**
 * Whether buyers can see and buy a plan or price: Shown / Hidden, and Disabled when switched off.
 * For a plan, `buyable` says whether one of its prices is enabled and shown (the server's
 * `fromPrice` is null otherwise); without one the plan is not on sale (decision 0031), and says so.
 */
export function VisibilityBadges({
  hidden,
  enabled,
  buyable,
}: {
  hidden: boolean;
  enabled: boolean;
  buyable?: boolean;
}) {
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
      {buyable === false ? (
        <StatusBadge tone="pending" status="not-on-sale">
          {NOT_ON_SALE_MARK}
        </StatusBadge>
      ) : null}
    </span>
  );
}
