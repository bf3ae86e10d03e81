import { Spinner } from '../../../components/ui/spinner/spinner.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import styles from './sign-in-status.module.css';

/** The body of the sign-in pages: a spinner and what is happening. */
export function SignInStatus({ message }: { message: string }) {
  useDocumentTitle('Logging in');
  return (
    <section className={styles.wrapper} aria-busy="true">
      <Spinner size="lg" />
      <p role="status" className={styles.message}>
        {message}
      </p>
    </section>
  );
}
