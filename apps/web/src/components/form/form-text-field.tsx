import type { ComponentProps } from 'react';
import {
  type FieldError,
  type FieldPath,
  type FieldValues,
  get,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import { TextField } from '../ui/text-field/text-field.tsx';

type TextFieldProps = ComponentProps<typeof TextField>;

interface FormTextFieldProps<T extends FieldValues>
  extends Omit<TextFieldProps, 'name' | 'error' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref'> {
  /** The field of the form's contract schema. */
  name: FieldPath<T>;
}

/** A TextField bound to a field of the surrounding Form: its value, and its error under it. */
export function FormTextField<T extends FieldValues = FieldValues>({
  name,
  ...props
}: FormTextFieldProps<T>) {
  const { register } = useFormContext<T>();
  const { errors } = useFormState<T>({ name });
  const fieldError: FieldError | undefined = get(errors, name);
  return <TextField {...props} {...register(name)} error={fieldError?.message ?? null} />;
}
