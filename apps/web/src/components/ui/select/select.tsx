import type { SelectHTMLAttributes } from 'react';
import styles from './select.module.css';

/** The one styled native select of the app (page sizes, sort order). */
export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select {...props} className={`${styles.select} ${className ?? ''}`} />;
}
