import { Spinner } from '../ui/spinner/spinner.tsx';
import styles from './dashboard-layout.module.css';

/** While a dashboard's subject loads. */
export function PagePending({ label }: { label: string }) {
  return (
    <div className={styles.pending}>
      <Spinner size="lg" label={label} />
    </div>
  );
}
