import { type ReactNode, useId } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { Select } from '../ui/select/select.tsx';
import textFieldStyles from '../ui/text-field/text-field.module.css';
import styles from './form.module.css';
import { useFormField } from './use-form-field.ts';

interface FormSelectProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: string;
  /** The <option>s. */
  children: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
}

/** A labelled Select bound to a field of the surrounding Form, with its error under it. */
export function FormSelect<T extends FieldValues = FieldValues>({
  name,
  label,
  children,
  hint,
  disabled,
}: FormSelectProps<T>) {
  const id = useId();
  const noteId = `${id}-note`;
  const { register, fieldError } = useFormField<T>(name);
  const note = fieldError?.message ?? hint;
  return (
    <div className={textFieldStyles.field}>
      <label htmlFor={id} className={textFieldStyles.label}>
        {label}
      </label>
      <Select
        id={id}
        className={styles.select}
        disabled={disabled}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={note ? noteId : undefined}
        {...register(name)}
      >
        {children}
      </Select>
      {note ? (
        <p id={noteId} className={fieldError ? textFieldStyles.error : textFieldStyles.hint}>
          {note}
        </p>
      ) : null}
    </div>
  );
}
