import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../../lib/toast/notify.ts';
import { productFixture } from '../../../../test/commerce-fixtures.ts';
import { inOrder, json, mockApi } from '../../../../test/mock-api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { vipOwner } from '../../../../test/test-users.ts';
import { GP_RATE_LABEL } from './edit-product-dialog.tsx';
import ProductsSection from './products-section.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const ALL = 'GET /api/commerce/products/all';
const credits = productFixture();
const vipGp = productFixture({
  id: 7,
  kind: 'VIP',
  name: 'VIP (GP)',
  paymentProcessor: 'GP',
  currency: 'GP',
  pricePerUnit: 60_000_000,
  priceUnit: 'month',
  minimumPurchase: 1,
  maximumPurchase: 12,
  bulkDiscounts: [],
});
const hidden = productFixture({ id: 9, name: 'Old credits', enabled: false, bulkDiscounts: [] });

/** The JSON body of the last call to `key`. */
function bodyOf(api: ReturnType<typeof mockApi>, key: string): unknown {
  const [method, path] = key.split(' ');
  const call = api.spy.mock.calls.filter(([input, init]) => {
    const url = new URL(String(input), window.location.origin);
    return (init?.method ?? 'GET').toUpperCase() === method && url.pathname === path;
  });
  const init = call.at(-1)?.[1];
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}

describe('ProductsSection', () => {
  it('lists every product, disabled ones too, with their price, limits, stock and status', async () => {
    mockApi({ [ALL]: () => json([credits, vipGp, hidden]) });
    renderWithProviders(<ProductsSection />, { user: vipOwner });
    const table = await screen.findByRole('table', { name: 'Products' });
    const vipRow = (await within(table).findByText('VIP (GP)')).closest('tr') as HTMLElement;
    expect(within(vipRow).getByText('60M GP per month')).toBeTruthy();
    expect(within(vipRow).getByText('1–12')).toBeTruthy();
    expect(within(vipRow).getByText('∞')).toBeTruthy();
    const hiddenRow = within(table).getByText('Old credits').closest('tr') as HTMLElement;
    expect(within(hiddenRow).getByText('Disabled')).toBeTruthy();
  });

  it('shows a retry when the list cannot load', async () => {
    mockApi({
      [ALL]: inOrder(
        () => json({ message: 'down' }, 500),
        () => json([credits]),
      ),
    });
    renderWithProviders(<ProductsSection />, { user: vipOwner });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Products' })).toBeTruthy();
  });

  it('edits every field; the GP rate fills the VIP price (× 1500), then the list reads again', async () => {
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const api = mockApi({
      [ALL]: () => json([credits, vipGp]),
      'PUT /api/commerce/products/7': () => json({ ...vipGp, pricePerUnit: 50_000_000 }),
    });
    renderWithProviders(<ProductsSection />, { user: vipOwner });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit VIP (GP)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit VIP (GP)' });
    fireEvent.change(within(dialog).getByLabelText(GP_RATE_LABEL), { target: { value: '0.3' } });
    const price = within(dialog).getByLabelText('Price per month (GP)') as HTMLInputElement;
    await waitFor(() => expect(price.value).toBe('50000000'));
    expect(within(dialog).getByText('50M GP per month')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Maximum purchase'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Stock'), { target: { value: '40' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save product' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Product updated!'));
    expect(bodyOf(api, 'PUT /api/commerce/products/7')).toEqual({
      id: 7,
      name: 'VIP (GP)',
      minimumPurchase: 1,
      maximumPurchase: null,
      paymentProcessor: 'GP',
      currency: 'GP',
      stock: 40,
      pricePerUnit: 50_000_000,
      discountPercent: 0,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.count(ALL)).toBe(2);
  });

  it('checks the form with the contract before sending, and shows a refusal on the form', async () => {
    vi.spyOn(notify, 'error').mockResolvedValue();
    const api = mockApi({
      [ALL]: () => json([credits]),
      'PUT /api/commerce/products/1': () => json({ message: 'No product with id 1.' }, 404),
    });
    renderWithProviders(<ProductsSection />, { user: vipOwner });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Credits' });
    expect(within(dialog).queryByLabelText(GP_RATE_LABEL)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Minimum purchase'), { target: { value: '500000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save product' }));
    expect(
      await within(dialog).findByText('The maximum purchase must not be below the minimum purchase.'),
    ).toBeTruthy();
    expect(api.keys()).not.toContain('PUT /api/commerce/products/1');
    fireEvent.change(within(dialog).getByLabelText('Minimum purchase'), { target: { value: '100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save product' }));
    expect(await within(dialog).findByText('No product with id 1.')).toBeTruthy();
  });

  it('edits the bulk discounts: add, change and remove tiers, then saves the whole list', async () => {
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const api = mockApi({
      [ALL]: () => json([credits]),
      'PUT /api/commerce/bulk-discounts/by-product/1': () =>
        json([
          { discountThreshold: 10_000, extraAmount: 800 },
          { discountThreshold: 20_000, extraAmount: 2_000 },
        ]),
    });
    renderWithProviders(<ProductsSection />, { user: vipOwner });
    fireEvent.click(await screen.findByRole('button', { name: 'Bulk discounts of Credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk discounts of Credits' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove tier 1' }));
    fireEvent.change(within(dialog).getByLabelText('Tier 1: extra credits'), { target: { value: '800' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add tier' }));
    fireEvent.change(within(dialog).getByLabelText('Tier 2: from (credits)'), { target: { value: '20000' } });
    fireEvent.change(within(dialog).getByLabelText('Tier 2: extra credits'), { target: { value: '2000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save bulk discounts' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Bulk discounts saved!'));
    expect(bodyOf(api, 'PUT /api/commerce/bulk-discounts/by-product/1')).toEqual([
      { discountThreshold: 10_000, extraAmount: 800 },
      { discountThreshold: 20_000, extraAmount: 2_000 },
    ]);
  });

  it('refuses duplicate thresholds under the field, without sending', async () => {
    vi.spyOn(notify, 'error').mockResolvedValue();
    const api = mockApi({ [ALL]: () => json([credits]) });
    renderWithProviders(<ProductsSection />, { user: vipOwner });
    fireEvent.click(await screen.findByRole('button', { name: 'Bulk discounts of Credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk discounts of Credits' });
    fireEvent.change(within(dialog).getByLabelText('Tier 2: from (credits)'), { target: { value: '5000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save bulk discounts' }));
    expect(
      await within(dialog).findByText('Two tiers have the threshold 5000: thresholds must be unique.'),
    ).toBeTruthy();
    expect(api.keys()).toEqual([ALL]);
  });
});
