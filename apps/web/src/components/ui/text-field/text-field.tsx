import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { LabelledField } from './labelled-field.tsx';
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
  return (
    <LabelledField label={label} hint={hint} error={error}>
      {(control) => (
        <input {...inputProps} {...control} className={`${styles.input} ${mono ? styles.mono : ''}`} />
      )}
    </LabelledField>
  );
}
