import { z } from '@ember/contracts/zod';
import { useMutation } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { notify } from '../../lib/toast/notify.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { Form } from './form.tsx';
import { FormTextField } from './form-text-field.tsx';
import { useContractForm } from './use-contract-form.ts';

// Issue 26, item 6: form errors appeared twice, inline and as a toast. Each shows once, where it happened.

const schema = z.object({ name: z.string().trim().min(1, 'Name is required') });

function Harness({ refusal }: { refusal: Error }) {
  const form = useContractForm(schema, { defaultValues: { name: '' } });
  const save = useMutation({
    mutationFn: (_values: z.output<typeof schema>) => Promise.reject(refusal),
  });
  return (
    <Form form={form} onSubmit={save.mutateAsync} aria-label="Plan">
      <FormTextField<z.input<typeof schema>> name="name" label="Name" />
      <button type="submit">Save</button>
    </Form>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Form: each error once, where it happened', () => {
  it('shows a field error under its field only, never as a toast, and focuses the field', async () => {
    const toast = vi.spyOn(notify, 'error').mockResolvedValue();
    renderWithProviders(<Harness refusal={new ApiError(400, 'unused')} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const field = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('Name is required')).toHaveLength(1);
    expect(document.activeElement).toBe(field);
    expect(toast).not.toHaveBeenCalled();
  });

  it('shows a server refusal once, on the form where it happened, not also as a toast', async () => {
    const toast = vi.spyOn(notify, 'error').mockResolvedValue();
    renderWithProviders(<Harness refusal={new ApiError(409, 'A plan with this name already exists.')} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Agility' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const form = screen.getByRole('form', { name: 'Plan' });
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'A plan with this name already exists.',
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(toast).not.toHaveBeenCalled();
  });

  it('still toasts a failed action that no form shows', async () => {
    const toast = vi.spyOn(notify, 'error').mockResolvedValue();
    function Button() {
      const act = useMutation({ mutationFn: () => Promise.reject(new ApiError(409, 'Already done.')) });
      return (
        <button type="button" onClick={() => act.mutate()}>
          Do it
        </button>
      );
    }
    renderWithProviders(<Button />);
    fireEvent.click(screen.getByRole('button', { name: 'Do it' }));
    await waitFor(() => expect(toast).toHaveBeenCalledExactlyOnceWith('Already done.'));
  });
});
