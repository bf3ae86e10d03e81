import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderFixture } from '../../../test/commerce-fixtures.ts';
import { inOrder, json, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { customer } from '../../../test/test-users.ts';
import CheckoutPage from './checkout-page.tsx';

const CHECK = 'POST /api/commerce/orders/77/check';

const renderPage = () =>
  renderWithProviders(
    <Routes>
      <Route path="/checkout/:orderId" element={<CheckoutPage />} />
    </Routes>,
    { route: '/checkout/77', user: customer },
  );

afterEach(() => {
  vi.restoreAllMocks();
});

describe('CheckoutPage', () => {
  // Real timers: two checks 2 s apart, then 2.5 s of silence (the default 5 s is too tight on a busy machine).
  it('asks the server to check the payment until the order is final, then stops', {
    timeout: 15_000,
  }, async () => {
    const api = mockApi({
      [CHECK]: inOrder(
        () => json(orderFixture({ id: 77, orderStatus: 'awaiting_payment' })),
        () => json(orderFixture({ id: 77, orderStatus: 'completed' })),
      ),
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Waiting for your payment' })).toBeTruthy();
    expect(screen.getByText('Awaiting payment')).toBeTruthy();
    expect(screen.getByTestId('checkout-polling')).toBeTruthy();
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Thank you for your purchase' },
        { timeout: 6000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText('1,000 credits were added to your balance.')).toBeTruthy();
    expect(screen.getByTestId('checkout-status').textContent).toBe('Completed');
    const checks = api.keys().filter((key) => key === CHECK).length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(api.keys().filter((key) => key === CHECK).length).toBe(checks);
  });

  it('offers another try after a cancelled payment', async () => {
    mockApi({ [CHECK]: () => json(orderFixture({ id: 77, orderStatus: 'cancelled' })) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'The payment was cancelled' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/products/credits');
  });

  it("shows the server's refusal for an order that is not the buyer's", async () => {
    mockApi({ [CHECK]: () => json({ message: 'Order not found.' }, 404) });
    renderPage();
    expect(await screen.findByText('Order not found.')).toBeTruthy();
  });
});
