import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { type FormSchema, useContractForm } from './use-contract-form.ts';

/** The one mutation that saves a dialog's form. */
export interface FormMutation<S extends FormSchema> {
  mutateAsync: (values: z.output<S>) => Promise<unknown>;
  isPending: boolean;
}

/**
 * The form of a dialog that adds something, as FormDialog's props: it starts from empty values,
 * is saved by one mutation and returns to the empty values once closed.
 */
export function useCreateForm<S extends FormSchema>(
  schema: S,
  emptyValues: DefaultValues<z.input<S>>,
  mutation: FormMutation<S>,
) {
  return {
    form: useContractForm(schema, { defaultValues: emptyValues }),
    emptyValues,
    onSubmit: mutation.mutateAsync,
    pending: mutation.isPending,
  };
}
