import type { SelectHTMLAttributes } from 'react';
import { ChevronDownIcon } from '../../icons/icons.tsx';
import styles from './select.module.css';

/**
 * The one styled native select of the app (page sizes, sort order). `className` sizes the box
 * around the select and its chevron.
 */
export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <span className={`${styles.box} ${className ?? ''}`}>
      <select {...props} className={styles.select} />
      <ChevronDownIcon size={16} strokeWidth={2} className={styles.chevron} />
    </span>
  );
}
