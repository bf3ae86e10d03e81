import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/toast/notify.ts';
import { orderFixture, productFixture } from '../../../test/commerce-fixtures.ts';
import { json, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { customer } from '../../../test/test-users.ts';
import ProductsPage from './products-page.tsx';

const CREDITS = 'GET /api/commerce/products/by-name/credits';
const ORDERS = 'POST /api/commerce/orders';
const PAYMENTS = 'POST /api/commerce/payments';
const CANCEL_80 = 'PUT /api/commerce/orders/80/cancel';

const gpCredits = productFixture({
  id: 3,
  name: 'Credits (GP)',
  paymentProcessor: 'GP',
  currency: 'GP',
  pricePerUnit: 40_000,
  minimumPurchase: 500,
  bulkDiscounts: [],
});

function renderPage(route = '/products/credits') {
  return renderWithProviders(
    <Routes>
      <Route path="/products/:name" element={<ProductsPage />} />
    </Routes>,
    { route, user: customer },
  );
}

async function buy(productName: string, amount: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Buy ${productName}` }));
  const dialog = screen.getByRole('dialog', { name: `Buy ${productName}` });
  fireEvent.change(within(dialog).getByLabelText('Amount (credits)'), { target: { value: amount } });
  fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I agree to the terms of service' }));
  fireEvent.click(within(dialog).getByRole('button', { name: /Continue to payment|Place order/ }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ProductsPage', () => {
  it('shows each product with its picture, badges and price per unit, as a list for 3 or fewer', async () => {
    mockApi({ [CREDITS]: () => json([productFixture({ discountPercent: 5 }), gpCredits]) });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(list.getAttribute('data-layout')).toBe('row');
    const cards = within(list).getAllByRole('article');
    // A discounted card reads what checkout charges (5% off 100 credits is €0.95), its list price struck.
    expect(cards.map((card) => within(card).getByTestId('unit-price').textContent)).toEqual([
      '€0.95 per 100 credits',
      '40K GP per credit',
    ]);
    expect(within(cards[0] as HTMLElement).getByTestId('list-price').textContent).toBe(
      'instead of €0.01 per credit',
    );
    expect(within(cards[0] as HTMLElement).getByText('-5%')).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByTestId('stock-badge').textContent).toBe('Stock: ∞');
    expect((within(cards[0] as HTMLElement).getByRole('presentation') as HTMLImageElement).src).toMatch(
      /\/images\/product-default\.svg$/,
    );
    expect(document.title).toMatch(/^Credits/);
  });

  it("shows the crypto VIP's -10% price as checkout charges it: €13.50, not the undiscounted €15.00", async () => {
    const vipCrypto = productFixture({
      id: 7,
      kind: 'VIP',
      name: 'VIP (crypto)',
      paymentProcessor: 'CRYPTO',
      pricePerUnit: 1500,
      priceUnit: 'month',
      unitSize: 30,
      minimumPurchase: 1,
      maximumPurchase: 12,
      discountPercent: 10,
      bulkDiscounts: [{ discountThreshold: 12, extraAmount: 2 }],
    });
    mockApi({ 'GET /api/commerce/products/by-name/vip': () => json([vipCrypto]) });
    renderPage('/products/vip');
    const card = await screen.findByRole('article', { name: 'VIP (crypto)' });
    expect(within(card).getByTestId('unit-price').textContent).toBe('€13.50 per month');
    fireEvent.click(within(card).getByRole('button', { name: 'Buy VIP (crypto)' }));
    const dialog = screen.getByRole('dialog', { name: 'Buy VIP (crypto)' });
    // The purchase dialog starts at the minimum purchase (1 month) and totals it as the server does.
    expect(within(dialog).getByTestId('purchase-total').textContent).toBe('€13.50');
  });

  it('uses the fluid grid for more than 3 products, and says when a product is sold out', async () => {
    mockApi({
      [CREDITS]: () =>
        json(
          [1, 2, 3, 4].map((id) => productFixture({ id, name: `Credits ${id}`, stock: id === 4 ? 0 : 50 })),
        ),
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(list.getAttribute('data-layout')).toBe('grid');
    expect(screen.getAllByTestId('stock-badge').map((badge) => badge.textContent)).toEqual([
      'Stock: 50',
      'Stock: 50',
      'Stock: 50',
      'Out of stock',
    ]);
    expect((screen.getByRole('button', { name: 'Credits 4: sold out' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("says 'No Products Available' when there are none", async () => {
    mockApi({ [CREDITS]: () => json([]) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No Products Available' })).toBeTruthy();
  });

  it('asks first, naming the product, quantity and total, and sends nothing before OK', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const api = mockApi({
      [CREDITS]: () => json([productFixture()]),
      [ORDERS]: () => json(orderFixture({ id: 77, amount: 5_000, bonusAmount: 250, totalPrice: 5_000 }), 201),
      [PAYMENTS]: () =>
        json({ orderId: 77, paymentId: 'sbx_1', checkoutUrl: '/sandbox-checkout/sbx_1' }, 201, {
          Location: 'http://localhost:3000/sandbox-checkout/sbx_1',
        }),
    });
    renderPage();
    await buy('Credits', '5000');
    const confirm = await screen.findByRole('dialog', { name: 'Continue to payment' });
    expect(confirm.textContent).toContain('Press OK to continue to payment page');
    const summary = within(confirm).getByTestId('payment-summary');
    expect(within(summary).getByText('Credits')).toBeTruthy();
    expect(within(summary).getByText('5,000 credits + 250 credits free')).toBeTruthy();
    expect(within(confirm).getByTestId('payment-total').textContent).toBe('€50.00');
    expect(api.keys()).not.toContain(ORDERS);
    expect(api.keys()).not.toContain(PAYMENTS);

    fireEvent.click(within(confirm).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/sandbox-checkout/sbx_1'));
    expect(api.count(ORDERS)).toBe(1);
    expect(api.last(PAYMENTS)?.url.searchParams.get('orderId')).toBe('77');
  });

  it('Cancel at the confirmation leaves nothing behind: no order, no payment', async () => {
    const api = mockApi({ [CREDITS]: () => json([productFixture()]) });
    renderPage();
    await buy('Credits', '1000');
    const confirm = await screen.findByRole('dialog', { name: 'Continue to payment' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.keys().filter((key) => key !== CREDITS)).toEqual([]);
  });

  it('a double click on Buy opens the purchase and keeps it open; one on Continue never answers the confirmation', async () => {
    const api = mockApi({ [CREDITS]: () => json([productFixture()]) });
    renderPage();
    const buyButton = await screen.findByRole('button', { name: 'Buy Credits' });
    fireEvent.mouseDown(buyButton, { detail: 1 });
    fireEvent.click(buyButton, { detail: 1 });
    // The second click of the double click lands on the backdrop that just opened under it.
    fireEvent.mouseDown(screen.getByTestId('modal-overlay'), { detail: 2 });
    fireEvent.click(screen.getByTestId('modal-overlay'), { detail: 2 });
    const dialog = screen.getByRole('dialog', { name: 'Buy Credits' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I agree to the terms of service' }));

    const submit = within(dialog).getByRole('button', { name: 'Continue to payment' });
    fireEvent.mouseDown(submit, { detail: 1 });
    fireEvent.click(submit, { detail: 1 });
    const confirm = await screen.findByRole('dialog', { name: 'Continue to payment' });
    // The second click lands on the confirmation's OK or Cancel: neither answers it.
    for (const name of ['OK', 'Cancel']) {
      const button = within(confirm).getByRole('button', { name });
      fireEvent.mouseDown(button, { detail: 2 });
      fireEvent.click(button, { detail: 2 });
    }
    expect(screen.getByRole('dialog', { name: 'Continue to payment' })).toBeTruthy();
    expect(api.keys().filter((key) => key !== CREDITS)).toEqual([]);
  });

  it('one OK sends one order, however often it is clicked', async () => {
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign: vi.fn() });
    const api = mockApi({
      [CREDITS]: () => json([productFixture()]),
      [ORDERS]: () => json(orderFixture({ id: 81, orderStatus: 'pending' }), 201),
      [PAYMENTS]: () =>
        json({ orderId: 81, paymentId: 'sbx_3', checkoutUrl: '/sandbox-checkout/sbx_3' }, 201, {
          Location: 'http://localhost:3000/sandbox-checkout/sbx_3',
        }),
    });
    renderPage();
    await buy('Credits', '1000');
    const ok = within(await screen.findByRole('dialog', { name: 'Continue to payment' })).getByRole(
      'button',
      {
        name: 'OK',
      },
    );
    fireEvent.click(ok);
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(api.keys()).toContain(PAYMENTS));
    expect(api.count(ORDERS)).toBe(1);
    expect(api.count(PAYMENTS)).toBe(1);
  });

  it('when the checkout cannot be opened, OK retries it for the same order, and Cancel cancels that order', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const api = mockApi({
      [CREDITS]: () => json([productFixture()]),
      [ORDERS]: () => json(orderFixture({ id: 80, orderStatus: 'pending' }), 201),
      [PAYMENTS]: () => json({ message: 'The payment processor did not answer. Try again.' }, 502),
      [CANCEL_80]: () => json(orderFixture({ id: 80, orderStatus: 'cancelled' })),
    });
    renderPage();
    await buy('Credits', '1000');
    const confirm = await screen.findByRole('dialog', { name: 'Continue to payment' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'OK' }));
    expect((await within(confirm).findByRole('alert')).textContent).toBe(
      'The payment processor did not answer. Try again.',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.count(PAYMENTS)).toBe(2));
    expect(api.count(ORDERS)).toBe(1);
    await within(confirm).findByRole('alert');

    // The order exists now: Cancel cancels it at once (its stock back, nothing awaiting payment).
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.keys()).toContain(CANCEL_80);
    expect(assign).not.toHaveBeenCalled();
  });

  it('asks again with the server total when the price changed meanwhile', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const api = mockApi({
      [CREDITS]: () => json([productFixture()]),
      [ORDERS]: () => json(orderFixture({ id: 82, orderStatus: 'pending', totalPrice: 1_200 }), 201),
      [PAYMENTS]: () =>
        json({ orderId: 82, paymentId: 'sbx_4', checkoutUrl: '/sandbox-checkout/sbx_4' }, 201, {
          Location: 'http://localhost:3000/sandbox-checkout/sbx_4',
        }),
    });
    renderPage();
    await buy('Credits', '1000');
    const confirm = await screen.findByRole('dialog', { name: 'Continue to payment' });
    expect(within(confirm).getByTestId('payment-total').textContent).toBe('€10.00');
    fireEvent.click(within(confirm).getByRole('button', { name: 'OK' }));
    expect((await within(confirm).findByRole('alert')).textContent).toMatch(/The price changed/);
    expect(within(confirm).getByTestId('payment-total').textContent).toBe('€12.00');
    expect(api.keys()).not.toContain(PAYMENTS);
    fireEvent.click(within(confirm).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/sandbox-checkout/sbx_4'));
    expect(api.count(ORDERS)).toBe(1);
  });

  it("places a GP order: 'Order Placed' with the id, which copies a message for support", async () => {
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = mockApi({
      [CREDITS]: () => json([gpCredits]),
      [ORDERS]: () =>
        json(
          orderFixture({ id: 78, productName: 'Credits (GP)', paymentProcessor: 'GP', currency: 'GP' }),
          201,
        ),
    });
    renderPage();
    await buy('Credits (GP)', '500');
    const placed = await screen.findByRole('dialog', { name: 'Order Placed' });
    expect(api.keys()).not.toContain(PAYMENTS);
    fireEvent.click(within(placed).getByTestId('placed-order-id'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Successfully copied Order ID'));
    expect(writeText).toHaveBeenCalledWith(
      'Hello, I placed order #78 (Credits (GP)) and would like to arrange the in-game trade.',
    );
  });

  it("says 'Failed to copy Order ID' when the clipboard refuses", async () => {
    const error = vi.spyOn(notify, 'error').mockResolvedValue();
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
      configurable: true,
    });
    mockApi({
      [CREDITS]: () => json([gpCredits]),
      [ORDERS]: () => json(orderFixture({ id: 79, paymentProcessor: 'GP', currency: 'GP' }), 201),
    });
    renderPage();
    await buy('Credits (GP)', '500');
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Order Placed' })).getByTestId('placed-order-id'),
    );
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to copy Order ID'));
  });
});
