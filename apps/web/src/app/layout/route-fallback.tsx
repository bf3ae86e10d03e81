import { Spinner } from '../../components/ui/spinner/spinner.tsx';
import styles from './route-fallback.module.css';

/** Shown while a page's code is downloading. */
export function RouteFallback() {
  return (
    <div className={styles.fallback}>
      <Spinner size="lg" label="Loading page" />
    </div>
  );
}
