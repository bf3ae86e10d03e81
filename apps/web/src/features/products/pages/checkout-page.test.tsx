import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderFixture } from '../../../test/commerce-fixtures.ts';
import { inOrder, json, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { customer } from '../../../test/test-users.ts';
import CheckoutPage from './checkout-page.tsx';

const CHECK = 'POST /api/commerce/orders/77/check';

/** The check's answer: order 77 with these fields. */
const answerOrder77 = (fields: Parameters<typeof orderFixture>[0]) =>
  json(orderFixture({ id: 77, ...fields }));

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
        () => answerOrder77({ orderStatus: 'awaiting_payment' }),
        () => answerOrder77({ orderStatus: 'completed' }),
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
    const checks = api.count(CHECK);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(api.count(CHECK)).toBe(checks);
  });

  it('offers another try after a cancelled payment', async () => {
    mockApi({ [CHECK]: () => answerOrder77({ orderStatus: 'cancelled' }) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'The payment was cancelled' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/products/credits');
  });

  it("shows the server's refusal for an order that is not the buyer's", async () => {
    mockApi({ [CHECK]: () => json({ message: 'Order not found.' }, 404) });
    renderPage();
    expect(await screen.findByText('Order not found.')).toBeTruthy();
  });

  it('offers Continue to payment and Cancel order while the order awaits payment, and says when to pay by', async () => {
    mockApi({
      [CHECK]: () =>
        answerOrder77({
          orderStatus: 'awaiting_payment',
          payBy: new Date(Date.now() + 30 * 60_000).toISOString(),
        }),
    });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Continue to payment of order 77' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel order 77' })).toBeTruthy();
    expect(screen.getByText(/^Pay by .+: an order not paid by then expires/)).toBeTruthy();
    // "See my orders" lands on this order in the history.
    expect(screen.getByRole('link', { name: 'See my orders' }).getAttribute('href')).toBe(
      '/account?order=77',
    );
  });

  it('past its pay-by time, asks once more, stops asking and says the order expired', async () => {
    const api = mockApi({
      [CHECK]: inOrder(
        () =>
          answerOrder77({
            orderStatus: 'awaiting_payment',
            payBy: new Date(Date.now() - 1000).toISOString(),
          }),
        () => answerOrder77({ orderStatus: 'expired', payBy: null }),
      ),
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'This order expired' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Continue to payment/ })).toBeNull();
    expect(screen.queryByTestId('checkout-polling')).toBeNull();
    expect(api.count(CHECK)).toBe(2);
  });

  it('tells the buyer of a GP trade how the trade happens, not that a processor is awaited', async () => {
    mockApi({
      [CHECK]: () =>
        answerOrder77({
          productName: 'Credits (GP)',
          paymentProcessor: 'GP',
          currency: 'GP',
          totalPrice: 40_000_000,
          orderStatus: 'pending',
          paymentId: null,
          extraInfo: 'Casey Cust',
        }),
    });
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Waiting for the in-game trade' }),
    ).toBeTruthy();
    expect(
      screen.getByText(/Our staff arrange the trade with you in game: you hand over 40M GP/),
    ).toBeTruthy();
    expect(screen.queryByText(/payment processor/)).toBeNull();
    expect(screen.queryByTestId('checkout-polling')).toBeNull();
    expect(screen.getByTestId('placed-order-id')).toBeTruthy();
    expect(screen.getByText(/They trade with Casey Cust in game/)).toBeTruthy();
    // No checkout to continue to; the buyer may still cancel before the trade.
    expect(screen.queryByRole('button', { name: /Continue to payment/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel order 77' })).toBeTruthy();
  });
});
