import type { ComponentProps } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { TextField } from '../ui/text-field/text-field.tsx';
import { useFormField } from './use-form-field.ts';

type TextFieldProps = ComponentProps<typeof TextField>;

interface FormTextFieldProps<T extends FieldValues>
  extends Omit<TextFieldProps, 'name' | 'error' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref'> {
  /** The field of the form's contract schema. */
  name: FieldPath<T>;
  /**
   * The contract wants a number: the typed text is sent as one (blank as null, so an optional
   * number stays empty and a required one gets the contract's message).
   */
  asNumber?: boolean;
}

const toNumber = (value: unknown) => {
  if (typeof value !== 'string') return value;
  return value.trim() === '' ? null : Number(value.trim());
};

/** A TextField bound to a field of the surrounding Form: its value, and its error under it. */
export function FormTextField<T extends FieldValues = FieldValues>({
  name,
  asNumber = false,
  ...props
}: FormTextFieldProps<T>) {
  const { register, fieldError } = useFormField<T>(name);
  return (
    <TextField
      {...props}
      {...register(name, asNumber ? { setValueAs: toNumber } : undefined)}
      error={fieldError?.message ?? null}
    />
  );
}
