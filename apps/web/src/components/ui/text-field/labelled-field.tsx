import { type ReactNode, useId } from 'react';
import styles from './text-field.module.css';

/** What the control inside a LabelledField spreads on itself: its id and its note's wiring. */
interface ControlWiring {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface LabelledFieldProps {
  label: string;
  hint?: ReactNode;
  /** Replaces the hint and marks the control invalid. */
  error?: string | null;
  children: (control: ControlWiring) => ReactNode;
}

/** The label above a control and its hint or error under it, wired for screen readers (TextField, TextArea). */
export function LabelledField({ label, hint, error, children }: LabelledFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? hint;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': note ? noteId : undefined,
      })}
      {note ? (
        <p id={noteId} className={error ? styles.error : styles.hint}>
          {note}
        </p>
      ) : null}
    </div>
  );
}
