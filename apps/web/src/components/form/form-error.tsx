import { useFormState } from 'react-hook-form';
import styles from './form.module.css';
import { SERVER_REFUSAL } from './server-refusal.ts';

/** The server's refusal of the last submit, announced to screen readers. Renders nothing otherwise. */
export function FormError() {
  const { errors } = useFormState({ name: SERVER_REFUSAL });
  const message = errors.root?.server?.message;
  if (!message) return null;
  return (
    <p role="alert" className={styles.error} data-testid="form-error">
      {message}
    </p>
  );
}
