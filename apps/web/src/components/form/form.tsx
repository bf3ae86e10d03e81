import type { FormHTMLAttributes, ReactNode } from 'react';
import { type FieldErrors, type FieldValues, FormProvider } from 'react-hook-form';
import type { z } from 'zod';
import { notify } from '../ui/toast/notify.ts';
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

/** The first message of a failed check, in field order. */
function firstMessage(errors: FieldErrors<FieldValues>): string | undefined {
  for (const error of Object.values(errors)) {
    if (typeof error?.message === 'string' && error.message) return error.message;
  }
  return undefined;
}

/**
 * The one form element of the app. Submitting checks every field with the form's contract schema:
 * messages appear under their fields, the first one is also toasted (spec §8), and the first
 * invalid field gets the focus. A server refusal is shown at the end of the form.
 */
export function Form<S extends FormSchema>({ form, onSubmit, children, ...formProps }: FormProps<S>) {
  const submit = form.handleSubmit(
    async (values) => {
      try {
        await onSubmit(values);
      } catch (error) {
        showServerRefusal(form, error);
      }
    },
    (errors) => {
      const message = firstMessage(errors);
      if (message) void notify.error(message);
    },
  );
  return (
    <FormProvider {...form}>
      <form noValidate {...formProps} onSubmit={submit}>
        {children}
        <FormError />
      </form>
    </FormProvider>
  );
}
