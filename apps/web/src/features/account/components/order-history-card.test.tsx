import type { OrderResponse } from '@ember/contracts/commerce';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/toast/notify.ts';
import { orderFixture } from '../../../test/commerce-fixtures.ts';
import { inOrder, json, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { customer } from '../../../test/test-users.ts';
import { MY_ORDERS_POLL_MS, myOrdersPollInterval } from '../api/get-my-orders.ts';
import { OrderHistoryCard } from './order-history-card.tsx';

// Issue 26: every order still awaiting payment offers "Continue to payment" (the same checkout
// while it is open) and "Cancel order"; at its pay-by time the row says it expired; "See my
// orders" lands on the order it names.

const MY_ORDERS = 'GET /api/commerce/orders/my';
const PAYMENTS = 'POST /api/commerce/payments';
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** A card order awaiting payment, 40 minutes left to pay. */
const awaiting = (overrides: Partial<OrderResponse> = {}) =>
  orderFixture({
    id: 43,
    orderStatus: 'awaiting_payment',
    completedDate: null,
    creationDate: inMinutes(-20),
    payBy: inMinutes(40),
    ...overrides,
  });

function renderCard(route = '/account') {
  return renderWithProviders(<OrderHistoryCard />, { route, user: customer });
}

const rowOf = async (id: number) =>
  (await screen.findByRole('link', { name: `Order ${id}: details and status` })).closest('tr') as HTMLElement;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('OrderHistoryCard', () => {
  it('offers Continue to payment and Cancel order on an order awaiting payment, and the receipt on a completed one', async () => {
    mockApi({
      [MY_ORDERS]: () =>
        json([
          awaiting(),
          orderFixture({ id: 42, creationDate: inMinutes(-60 * 24) }),
          awaiting({ id: 41, orderStatus: 'pending', paymentId: null, creationDate: inMinutes(-60 * 48) }),
        ]),
    });
    renderCard();
    const row = await rowOf(43);
    expect(within(row).getByRole('button', { name: 'Continue to payment of order 43' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Cancel order 43' })).toBeTruthy();
    // A placed order whose checkout never opened offers the same.
    expect(
      within(await rowOf(41)).getByRole('button', { name: 'Continue to payment of order 41' }),
    ).toBeTruthy();
    const completed = within(await rowOf(42));
    expect(completed.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Download the receipt of order 42 (PDF)',
    ]);
  });

  it('Continue to payment opens the checkout of the order and goes there', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const api = mockApi({
      [MY_ORDERS]: () => json([awaiting()]),
      [PAYMENTS]: () =>
        json({ orderId: 43, paymentId: 'sbx_9', checkoutUrl: '/sandbox-checkout/sbx_9' }, 201, {
          Location: 'http://localhost:3000/sandbox-checkout/sbx_9',
        }),
    });
    renderCard();
    fireEvent.click(within(await rowOf(43)).getByRole('button', { name: 'Continue to payment of order 43' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/sandbox-checkout/sbx_9'));
    expect(api.last(PAYMENTS)?.url.searchParams.get('orderId')).toBe('43');
  });

  it('Cancel order asks first, then cancels: the row shows the cancelled order without actions', async () => {
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const api = mockApi({
      [MY_ORDERS]: inOrder(
        () => json([awaiting()]),
        () => json([awaiting({ orderStatus: 'cancelled', payBy: null })]),
      ),
      'PUT /api/commerce/orders/43/cancel': () => json(awaiting({ orderStatus: 'cancelled', payBy: null })),
    });
    renderCard();
    fireEvent.click(within(await rowOf(43)).getByRole('button', { name: 'Cancel order 43' }));
    const ask = screen.getByRole('dialog', { name: 'Cancel order #43?' });
    expect(ask.textContent).toContain('Credits: 1,000 credits for €10.00. Nothing is charged');
    // Keeping it sends nothing.
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep order' }));
    expect(api.keys()).not.toContain('PUT /api/commerce/orders/43/cancel');

    fireEvent.click(within(await rowOf(43)).getByRole('button', { name: 'Cancel order 43' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Cancel order #43?' })).getByRole('button', {
        name: 'Cancel order',
      }),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith('Order cancelled.'));
    await waitFor(async () => expect(within(await rowOf(43)).getByText('Cancelled')).toBeTruthy());
    expect(within(await rowOf(43)).queryByRole('button')).toBeNull();
  });

  it('says an order past its pay-by time expired, offers nothing, and has the server check it', async () => {
    const api = mockApi({
      [MY_ORDERS]: inOrder(
        () => json([awaiting({ creationDate: inMinutes(-61), payBy: inMinutes(-1) })]),
        () => json([awaiting({ orderStatus: 'expired', creationDate: inMinutes(-61), payBy: null })]),
      ),
      'POST /api/commerce/orders/43/check': () =>
        json(awaiting({ orderStatus: 'expired', creationDate: inMinutes(-61), payBy: null })),
    });
    renderCard();
    const row = await rowOf(43);
    expect(within(row).getByTestId('order-expired-note').textContent).toBe('Expired: not paid in time');
    expect(within(row).queryByRole('button')).toBeNull();
    await waitFor(() => expect(api.keys()).toContain('POST /api/commerce/orders/43/check'));
    await waitFor(async () => expect(within(await rowOf(43)).getByText('Expired')).toBeTruthy());
  });

  it('flips a row left open when its pay-by time passes', async () => {
    mockApi({
      [MY_ORDERS]: () => json([awaiting({ payBy: new Date(Date.now() + 400).toISOString() })]),
      'POST /api/commerce/orders/43/check': () => json(awaiting({ orderStatus: 'expired', payBy: null })),
    });
    renderCard();
    expect(within(await rowOf(43)).getByRole('button', { name: 'Cancel order 43' })).toBeTruthy();
    expect(await screen.findByTestId('order-expired-note', {}, { timeout: 4000 })).toBeTruthy();
  });

  it('polls every 15 s only while a card or crypto order is before its pay-by time', () => {
    const now = Date.parse('2026-11-26T12:00:00.000Z');
    const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
    const open = awaiting({ payBy: at(10) });
    expect(myOrdersPollInterval([open], now)).toBe(MY_ORDERS_POLL_MS);
    expect(myOrdersPollInterval([awaiting({ payBy: at(-1) })], now)).toBe(false);
    expect(myOrdersPollInterval([awaiting({ orderStatus: 'completed', payBy: null })], now)).toBe(false);
    // A GP trade waits for staff, not for a processor: nothing to poll for.
    expect(
      myOrdersPollInterval([awaiting({ orderStatus: 'pending', paymentProcessor: 'GP', payBy: null })], now),
    ).toBe(false);
    expect(myOrdersPollInterval(undefined, now)).toBe(false);
  });

  it('lands on the order named by ?order=: marked as current and focused', async () => {
    mockApi({
      [MY_ORDERS]: () =>
        json([
          awaiting({ id: 45 }),
          orderFixture({ id: 44 }),
          orderFixture({ id: 40, creationDate: inMinutes(-9000) }),
        ]),
    });
    renderCard('/account?order=44');
    const row = await rowOf(44);
    await waitFor(() => expect(document.activeElement).toBe(row));
    expect(row.getAttribute('aria-current')).toBe('true');
    expect((await rowOf(45)).getAttribute('aria-current')).toBeNull();
  });
});
