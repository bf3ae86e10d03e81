import type { PriceResponse } from '@ember/contracts/catalog';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../../../lib/toast/notify.ts';
import { priceResponseFixture } from '../../../../test/catalog-fixtures.ts';
import { inOrder, json, mockApi } from '../../../../test/mock-api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { developer } from '../../../../test/test-users.ts';
import { PricesCard } from './prices-card.tsx';

// Issue 26: a new price starts disabled and hidden (spec §4); 'Price created!' says so where the
// price appears, and offers to put it on sale there.

const monthly: PriceResponse = priceResponseFixture({ enabled: false, hidden: true });

async function createMonthly() {
  fireEvent.click(screen.getByRole('button', { name: 'Create price' }));
  const create = screen.getByRole('dialog', { name: 'Create price' });
  fireEvent.change(within(create).getByLabelText('Price name'), { target: { value: 'Monthly' } });
  fireEvent.change(within(create).getByLabelText('Price (credits)'), { target: { value: '300' } });
  fireEvent.click(within(create).getByRole('button', { name: 'Create price' }));
  const notice = await screen.findByTestId('price-created');
  // Announced without moving the focus.
  expect(notice.getAttribute('role')).toBe('status');
  return notice;
}

describe('PricesCard: Price created!', () => {
  it('says buyers cannot see the new price yet, and enables and shows it in one press', async () => {
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const api = mockApi({
      'POST /api/shop/prices': () => json(monthly, 201),
      'PUT /api/shop/prices/61': () => json({ ...monthly, enabled: true, hidden: false }),
      'GET /api/shop/sub-counts/plan/4': () => json([]),
    });
    renderWithProviders(<PricesCard planId={4} prices={[]} />, { user: developer });

    const notice = await createMonthly();
    expect(notice.textContent).toBe(
      'Price created! Buyers cannot see “Monthly” yet: new prices start disabled and hidden.Enable and showDismiss',
    );
    expect(within(notice).getByText('Price created!', { exact: true })).toBeTruthy();
    // Said once, where it happened: no toast besides.
    expect(success).not.toHaveBeenCalled();

    fireEvent.click(within(notice).getByRole('button', { name: 'Enable and show' }));
    await waitFor(() =>
      expect(notice.textContent).toContain('“Monthly” is enabled and shown: buyers can see and buy it now.'),
    );
    const init = api.spy.mock.calls.find(([url]) => String(url).endsWith('/prices/61'))?.[1];
    expect(JSON.parse(String(init?.body))).toMatchObject({
      priceId: 61,
      name: 'Monthly',
      enabled: true,
      hidden: false,
    });
    expect(within(notice).queryByRole('button', { name: 'Enable and show' })).toBeNull();

    fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('price-created')).toBeNull();
  });

  it('keeps the price as it was when Dismiss is pressed', async () => {
    const api = mockApi({
      'POST /api/shop/prices': () => json(monthly, 201),
      'GET /api/shop/sub-counts/plan/4': () => json([]),
    });
    renderWithProviders(<PricesCard planId={4} prices={[]} />, { user: developer });
    const notice = await createMonthly();
    fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('price-created')).toBeNull();
    expect(api.keys()).not.toContain('PUT /api/shop/prices/61');
  });

  it("follows the row's own switches: enabled and shown from the row, the notice says it is on sale", async () => {
    const api = mockApi({
      'POST /api/shop/prices': () => json(monthly, 201),
      'PUT /api/shop/prices/61': inOrder(
        () => json({ ...monthly, enabled: true }),
        () => json({ ...monthly, enabled: true, hidden: false }),
      ),
      'GET /api/shop/sub-counts/plan/4': () => json([]),
    });
    const { rerender } = renderWithProviders(<PricesCard planId={4} prices={[]} />, { user: developer });
    const notice = await createMonthly();
    rerender(<PricesCard planId={4} prices={[{ ...monthly, plugins: [] }]} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Enable Monthly' }));
    await waitFor(() => expect(api.keys()).toContain('PUT /api/shop/prices/61'));
    expect(notice.textContent).toContain('Buyers cannot see “Monthly” yet');
    rerender(<PricesCard planId={4} prices={[{ ...monthly, enabled: true, plugins: [] }]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show Monthly' }));
    await waitFor(() =>
      expect(notice.textContent).toContain('“Monthly” is enabled and shown: buyers can see and buy it now.'),
    );
  });
});
