import type { ReactNode } from 'react';
import { Button } from '../button/button.tsx';
import styles from './load-failure.module.css';

interface LoadFailureProps {
  /** The server's own words (a staff page says what the server said). */
  message: ReactNode;
  onRetry: () => void;
  retrying: boolean;
}

/** A staff list's failed load, in the server's words, with Try again. */
export function LoadFailure({ message, onRetry, retrying }: LoadFailureProps) {
  return (
    <div className={styles.failure} role="alert">
      <p>{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying}>
        Try again
      </Button>
    </div>
  );
}

/** What LoadFailure reads of a failed TanStack query (any `useQuery` result fits). */
interface FailedQuery {
  error: { message: string } | null;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A query's failed load: the server's message (or what `message` makes of it) and Try again. */
export function QueryLoadFailure({
  query,
  message = (serverMessage) => serverMessage,
}: {
  query: FailedQuery;
  message?: (serverMessage: string | undefined) => ReactNode;
}) {
  return (
    <LoadFailure
      message={message(query.error?.message)}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}
