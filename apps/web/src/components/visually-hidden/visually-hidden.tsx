import type { ReactNode } from 'react';
import styles from './visually-hidden.module.css';

/** The class for elements that must stay what they are (a legend, a label, a table head). */
export const visuallyHiddenClass = styles.visuallyHidden;

/** Text for screen readers only: out of sight, still announced. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={visuallyHiddenClass}>{children}</span>;
}
