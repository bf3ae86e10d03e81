import { z } from '@ember/contracts/zod';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Form } from './form.tsx';
import { TermsAgreement } from './terms-agreement.tsx';
import { useContractForm } from './use-contract-form.ts';

const schema = z.object({
  acceptedTerms: z.boolean().refine((accepted) => accepted, 'Please agree to the terms of service'),
});

function Harness({ onSubmit }: { onSubmit: (values: z.output<typeof schema>) => void }) {
  const form = useContractForm(schema, { defaultValues: { acceptedTerms: false } });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <TermsAgreement<z.input<typeof schema>> name="acceptedTerms" />
      <button type="submit">Send</button>
    </Form>
  );
}

const box = () =>
  screen.getByRole('checkbox', { name: 'I agree to the terms of service' }) as HTMLInputElement;

describe('TermsAgreement', () => {
  it('ticks the box from anywhere on the label: the words before the link, and the row beside them', () => {
    render(<Harness onSubmit={vi.fn()} />);
    fireEvent.click(screen.getByText(/I agree to the/));
    expect(box().checked).toBe(true);
    fireEvent.click(screen.getByTestId('terms-agreement'));
    expect(box().checked).toBe(false);
  });

  it('makes only the words "terms of service" a link, to /tos in a new tab, which does not tick the box', () => {
    render(<Harness onSubmit={vi.fn()} />);
    const link = screen.getByRole('link', { name: 'terms of service' });
    expect(link.getAttribute('href')).toBe('/tos');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.textContent).toBe('terms of service');
    expect(link.getAttribute('aria-describedby')).toBeTruthy();
    // The link follows itself (the test stops the navigation jsdom cannot do); the box stays as it was.
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    expect(box().checked).toBe(false);
  });

  it("refuses to send without the box: 'Please agree to the terms of service' under it", async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please agree to the terms of service')).toBeTruthy();
    expect(box().getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
