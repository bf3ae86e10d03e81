import type { ReactNode } from 'react';
import styles from './status-badge.module.css';

/**
 * How a status looks: success (green), pending (amber), danger (red), expired (grey) or info
 * (light blue). Each feature maps its own statuses to these tones; the badge itself is shared.
 */
export type StatusTone = 'success' | 'pending' | 'danger' | 'expired' | 'info';

interface StatusBadgeProps {
  tone: StatusTone;
  /** The status as the user reads it, e.g. 'Active', 'Awaiting payment'. */
  children: ReactNode;
  /** The raw status, for tests and styling hooks (data-status). */
  status?: string;
}

/** The one status pill of the app: a coloured dot and the status in words. */
export function StatusBadge({ tone, children, status }: StatusBadgeProps) {
  return (
    <span className={`${styles.badge} ${styles[tone]}`} data-status={status} data-tone={tone}>
      <span className={styles.dot} aria-hidden="true" />
      {children}
    </span>
  );
}
