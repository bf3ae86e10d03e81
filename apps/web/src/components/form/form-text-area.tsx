import type { ComponentProps } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { TextArea } from '../ui/text-field/text-area.tsx';
import { useFormField } from './use-form-field.ts';

type TextAreaProps = ComponentProps<typeof TextArea>;

interface FormTextAreaProps<T extends FieldValues>
  extends Omit<TextAreaProps, 'name' | 'error' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref'> {
  name: FieldPath<T>;
}

/** A TextArea bound to a field of the surrounding Form, with its error under it. */
export function FormTextArea<T extends FieldValues = FieldValues>({ name, ...props }: FormTextAreaProps<T>) {
  const { register, fieldError } = useFormField<T>(name);
  return <TextArea {...props} {...register(name)} error={fieldError?.message ?? null} />;
}
