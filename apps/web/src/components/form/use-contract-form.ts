import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';

/** A contract schema a form can be checked with: an object of fields. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

/** The form of `schema`: typed inputs as the user types them, the parsed values on submit. */
export type ContractForm<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/**
 * The app's one way to build a form: react-hook-form checked with the same zod schema the server
 * validates with, so the user sees the server's own messages before anything is sent. Fields are
 * checked on submit, then again on every change until they are valid.
 */
export function useContractForm<S extends FormSchema>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): ContractForm<S> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    // The resolver's zod overloads type the schema loosely; S ties input and output together.
    resolver: zodResolver(schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
  });
}
