import { type ReactNode, useId } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import stack from '../../styles/stack.module.css';
import styles from './form.module.css';
import { useFormField } from './use-form-field.ts';

interface FormCheckboxProps<T extends FieldValues> {
  /** A boolean field of the form's schema. */
  name: FieldPath<T>;
  /** The label; may hold links. */
  children: ReactNode;
}

/** A labelled checkbox bound to a field of the surrounding Form, with its error under it. */
export function FormCheckbox<T extends FieldValues = FieldValues>({ name, children }: FormCheckboxProps<T>) {
  const id = useId();
  const errorId = `${id}-error`;
  const { register, fieldError } = useFormField<T>(name);
  return (
    <div className={stack.gap2}>
      <div className={styles.checkboxRow}>
        <input
          id={id}
          type="checkbox"
          className={styles.checkbox}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? errorId : undefined}
          {...register(name)}
        />
        <label htmlFor={id}>{children}</label>
      </div>
      {fieldError?.message ? (
        <p id={errorId} className={styles.fieldError}>
          {fieldError.message}
        </p>
      ) : null}
    </div>
  );
}
