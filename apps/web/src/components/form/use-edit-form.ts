import type { z } from 'zod';
import { type FormSchema, useContractForm } from './use-contract-form.ts';
import type { FormMutation } from './use-create-form.ts';

/**
 * The form of a dialog that edits something, as FormDialog's props: it shows the thing's current
 * values (again whenever they are read again), is saved by one mutation and returns to those
 * values once closed.
 */
export function useEditForm<S extends FormSchema>(schema: S, values: z.input<S>, mutation: FormMutation<S>) {
  return {
    form: useContractForm(schema, { values }),
    emptyValues: values,
    onSubmit: mutation.mutateAsync,
    pending: mutation.isPending,
  };
}
