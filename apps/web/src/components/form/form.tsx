import type { FormHTMLAttributes, ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import type { z } from 'zod';
import { FormError } from './form-error.tsx';
import { showServerRefusal } from './server-refusal.ts';
import type { ContractForm, FormSchema } from './use-contract-form.ts';

interface FormProps<S extends FormSchema>
  extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'children'> {
  form: ContractForm<S>;
  /**
   * Runs with the parsed values once every field is valid. When it rejects (e.g. a mutation's
   * `mutateAsync`), the error's message is shown on the form.
   */
  onSubmit: (values: z.output<S>) => unknown;
  children: ReactNode;
}

/**
 * The one form element of the app. Submitting checks every field with the form's contract schema:
 * each message appears once, under its field, and the first invalid field gets the focus. A server
 * refusal is shown once: as the action error policy's toast, or, when nothing toasted it, at the end
 * of the form (showServerRefusal).
 */
export function Form<S extends FormSchema>({ form, onSubmit, children, ...formProps }: FormProps<S>) {
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      showServerRefusal(form, error);
    }
  });
  return (
    <FormProvider {...form}>
      <form noValidate {...formProps} onSubmit={submit}>
        {children}
        <FormError />
      </form>
    </FormProvider>
  );
}
