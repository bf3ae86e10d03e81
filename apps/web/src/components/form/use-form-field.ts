import {
  type FieldError,
  type FieldPath,
  type FieldValues,
  get,
  useFormContext,
  useFormState,
} from 'react-hook-form';

/** A field of the surrounding Form: how to register it, and its error (re-rendered when that changes). */
export function useFormField<T extends FieldValues>(name: FieldPath<T>) {
  const { register } = useFormContext<T>();
  const { errors } = useFormState<T>({ name });
  const fieldError: FieldError | undefined = get(errors, name);
  return { register, fieldError };
}
