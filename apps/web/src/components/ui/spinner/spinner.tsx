import { VisuallyHidden } from '../../visually-hidden/visually-hidden.tsx';
import styles from './spinner.module.css';

interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Announced to screen readers. Omit when the spinner sits next to visible text. */
  label?: string;
}

export function Spinner({ size = 'md', label }: SpinnerProps) {
  const className = `${styles.spinner} ${styles[size]}`;
  if (!label) return <span className={className} aria-hidden="true" data-essential-motion="" />;
  return (
    <span role="status" className={styles.wrapper}>
      <span className={className} aria-hidden="true" data-essential-motion="" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}
