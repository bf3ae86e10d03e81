import { Spinner } from '../../../components/ui/spinner/spinner.tsx';
import styles from '../pages/developer-pages.module.css';

/** While a dashboard's subject loads. */
export function PagePending({ label }: { label: string }) {
  return (
    <div className={styles.pending}>
      <Spinner size="lg" label={label} />
    </div>
  );
}
