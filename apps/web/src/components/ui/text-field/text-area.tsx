import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { LabelledField } from './labelled-field.tsx';
import styles from './text-field.module.css';

interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  ref?: Ref<HTMLTextAreaElement>;
}

/** The multi-line sibling of TextField (descriptions): same label, hint and error wiring. */
export function TextArea({ label, hint, error, rows = 5, ...inputProps }: TextAreaProps) {
  return (
    <LabelledField label={label} hint={hint} error={error}>
      {(control) => (
        <textarea
          {...inputProps}
          {...control}
          rows={rows}
          className={`${styles.input} ${styles.multiline}`}
        />
      )}
    </LabelledField>
  );
}
