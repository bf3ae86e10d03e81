import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import styles from './text-field.module.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  /** Shown under the input when there is no error. */
  hint?: ReactNode;
  /** Replaces the hint and marks the input invalid. */
  error?: string | null;
  /** Ids and codes read better in a fixed-width font. */
  mono?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** The one labelled text input of the app, with its hint or error wired for screen readers. */
export function TextField({ label, hint, error, mono = false, ...inputProps }: TextFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? hint;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        className={`${styles.input} ${mono ? styles.mono : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
      />
      {note ? (
        <p id={noteId} className={error ? styles.error : styles.hint}>
          {note}
        </p>
      ) : null}
    </div>
  );
}
