import spreadRow from '../../../styles/spread-row.module.css';
import { RefreshIcon } from '../../icons/icons.tsx';
import { Button } from '../button/button.tsx';
import styles from './load-error.module.css';

interface LoadErrorProps {
  /** What could not be loaded, e.g. 'your subscriptions'. */
  what: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** A card's failed load: what went wrong and a Retry button. */
export function LoadError({ what, onRetry, retrying = false }: LoadErrorProps) {
  return (
    <div className={`${spreadRow.spreadRow} ${styles.error}`} role="alert">
      <p>We could not load {what}.</p>
      <Button
        variant="secondary"
        size="sm"
        onClick={onRetry}
        loading={retrying}
        loadingText="Retrying..."
        icon={<RefreshIcon size={16} />}
      >
        Retry
      </Button>
    </div>
  );
}
