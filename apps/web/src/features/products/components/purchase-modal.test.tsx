import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/toast/notify.ts';
import { productFixture } from '../../../test/commerce-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { customer } from '../../../test/test-users.ts';
import { PurchaseModal } from './purchase-modal.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

function renderModal(product = productFixture(), onPurchase = vi.fn().mockResolvedValue(undefined)) {
  renderWithProviders(
    <PurchaseModal product={product} onPurchase={onPurchase} onClose={() => {}} busy={false} />,
    {
      user: customer,
    },
  );
  const dialog = screen.getByRole('dialog', { name: `Buy ${product.name}` });
  return { dialog, onPurchase };
}

const amountField = (dialog: HTMLElement) => within(dialog).getByLabelText('Amount (credits)');
const agree = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I agree to the terms of service' }));
const submit = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));

describe('PurchaseModal', () => {
  it('shows the minimum, maximum, discount and the price of the minimum to start with', () => {
    const { dialog } = renderModal(productFixture({ discountPercent: 5 }));
    expect(within(dialog).getByTestId('minimum-purchase').textContent).toBe('100 credits');
    expect(within(dialog).getByTestId('maximum-purchase').textContent).toBe('100,000 credits');
    expect(within(dialog).getByTestId('discount-percent').textContent).toBe('5% off');
    expect((amountField(dialog) as HTMLInputElement).value).toBe('100');
    // 100 × €0.01 = €1.00, minus 5% = €0.95.
    expect(within(dialog).getByTestId('purchase-total').textContent).toBe('€0.95');
  });

  it('prices the amount live with the discount and the bulk bonus (display only)', () => {
    const { dialog } = renderModal(productFixture({ discountPercent: 10 }));
    fireEvent.change(amountField(dialog), { target: { value: '5000' } });
    expect(within(dialog).getByTestId('purchase-total').textContent).toBe('€45.00');
    expect(within(dialog).getByTestId('delivered-units').textContent).toBe(
      'You get 5,250 credits (250 free from the bulk discount).',
    );
    expect(within(dialog).getByTestId('next-bulk-tier').textContent).toBe(
      'Buy 5,000 more to get 750 credits free.',
    );
    fireEvent.change(amountField(dialog), { target: { value: 'lots' } });
    expect(within(dialog).getByTestId('purchase-total').textContent).toBe('—');
  });

  it('keeps the bulk discounts collapsed until asked for', () => {
    const { dialog } = renderModal();
    const toggle = within(dialog).getByRole('button', { name: 'Bulk discounts (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(dialog).queryByText('Buy 5,000 credits or more')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(dialog).getByText('Buy 5,000 credits or more')).toBeTruthy();
    expect(within(dialog).getByText('+750 credits free')).toBeTruthy();
  });

  it.each(['', 'ten', '0', '-5', '1.5', '1e3', '0x10'])(
    "refuses the amount '%s' with 'Please enter a valid amount.' and sends nothing",
    async (typed) => {
      const error = vi.spyOn(notify, 'error').mockResolvedValue();
      const { dialog, onPurchase } = renderModal();
      fireEvent.change(amountField(dialog), { target: { value: typed } });
      agree(dialog);
      submit(dialog);
      // Once, under the field (issue 26, item 6): not also as a toast.
      expect(await within(dialog).findByText('Please enter a valid amount.')).toBeTruthy();
      expect(error).not.toHaveBeenCalled();
      expect(amountField(dialog).getAttribute('aria-invalid')).toBe('true');
      expect(onPurchase).not.toHaveBeenCalled();
    },
  );

  it("asks for the terms: 'Please agree to the terms of service'", async () => {
    const error = vi.spyOn(notify, 'error').mockResolvedValue();
    const { dialog, onPurchase } = renderModal();
    submit(dialog);
    expect(await within(dialog).findByText('Please agree to the terms of service')).toBeTruthy();
    expect(error).not.toHaveBeenCalled();
    expect(onPurchase).not.toHaveBeenCalled();
  });

  it("says the product's minimum and maximum with the server's words", async () => {
    vi.spyOn(notify, 'error').mockResolvedValue();
    const { dialog, onPurchase } = renderModal();
    agree(dialog);
    fireEvent.change(amountField(dialog), { target: { value: '99' } });
    submit(dialog);
    expect(await within(dialog).findByText('The minimum purchase is 100.')).toBeTruthy();
    fireEvent.change(amountField(dialog), { target: { value: '100001' } });
    expect(await within(dialog).findByText('The maximum purchase is 100000.')).toBeTruthy();
    expect(onPurchase).not.toHaveBeenCalled();
  });

  it('sends the amount as a number, and shows a refusal of the server on the form', async () => {
    const onPurchase = vi.fn().mockRejectedValue(new Error('Only 10 left in stock.'));
    const { dialog } = renderModal(productFixture(), onPurchase);
    fireEvent.change(amountField(dialog), { target: { value: ' 1000 ' } });
    agree(dialog);
    submit(dialog);
    await waitFor(() =>
      expect(onPurchase).toHaveBeenCalledWith({ amount: 1000, extraInfo: null, acceptedTerms: true }),
    );
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Only 10 left in stock.');
  });

  it('asks GP orders for the in-game name and places them without a checkout', async () => {
    const { dialog, onPurchase } = renderModal(
      productFixture({ name: 'Credits (GP)', paymentProcessor: 'GP', currency: 'GP', pricePerUnit: 40_000 }),
    );
    expect(within(dialog).getByTestId('purchase-total').textContent).toBe('4M GP');
    fireEvent.change(within(dialog).getByLabelText('Your in-game name (optional)'), {
      target: { value: 'Casey Cust' },
    });
    agree(dialog);
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() =>
      expect(onPurchase).toHaveBeenCalledWith({ amount: 100, extraInfo: 'Casey Cust', acceptedTerms: true }),
    );
  });
});
