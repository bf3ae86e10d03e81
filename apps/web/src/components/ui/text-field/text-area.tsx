import { type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from 'react';
import styles from './text-field.module.css';

interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  ref?: Ref<HTMLTextAreaElement>;
}

/** The multi-line sibling of TextField (descriptions): same label, hint and error wiring. */
export function TextArea({ label, hint, error, rows = 5, ...inputProps }: TextAreaProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? hint;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <textarea
        {...inputProps}
        id={id}
        rows={rows}
        className={`${styles.input} ${styles.multiline}`}
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
