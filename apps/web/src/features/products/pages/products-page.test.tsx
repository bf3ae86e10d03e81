import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../components/ui/toast/notify.ts';
import { orderFixture, productFixture } from '../../../test/commerce-fixtures.ts';
import { inOrder, json, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { customer } from '../../../test/test-users.ts';
import ProductsPage from './products-page.tsx';

const CREDITS = 'GET /api/commerce/products/by-name/credits';
const ORDERS = 'POST /api/commerce/orders';
const PAYMENTS = 'POST /api/commerce/payments';

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

  it('orders, opens the payment, asks before leaving, then goes to the Location of the payment', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const api = mockApi({
      [CREDITS]: () => json([productFixture()]),
      [ORDERS]: () => json(orderFixture({ id: 77, orderStatus: 'pending' }), 201),
      [PAYMENTS]: () =>
        json({ orderId: 77, paymentId: 'sbx_1', checkoutUrl: '/sandbox-checkout/sbx_1' }, 201, {
          Location: 'http://localhost:3000/sandbox-checkout/sbx_1',
        }),
    });
    renderPage();
    await buy('Credits', '1000');
    const confirm = await screen.findByRole('dialog', { name: 'Continue to payment' });
    expect(confirm.textContent).toContain('Press OK to continue to payment page');
    expect(api.last(PAYMENTS)?.url.searchParams.get('orderId')).toBe('77');
    expect(assign).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'OK' }));
    expect(assign).toHaveBeenCalledWith('http://localhost:3000/sandbox-checkout/sbx_1');
  });

  it('opens the checkout of the same order when it failed the first time, instead of ordering twice', async () => {
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign: vi.fn() });
    const api = mockApi({
      [CREDITS]: () => json([productFixture()]),
      [ORDERS]: () => json(orderFixture({ id: 80, orderStatus: 'pending' }), 201),
      [PAYMENTS]: inOrder(
        () => json({ message: 'The payment processor did not answer. Try again.' }, 502),
        () =>
          json({ orderId: 80, paymentId: 'sbx_2', checkoutUrl: '/sandbox-checkout/sbx_2' }, 201, {
            Location: 'http://localhost:3000/sandbox-checkout/sbx_2',
          }),
      ),
    });
    renderPage();
    await buy('Credits', '1000');
    const dialog = screen.getByRole('dialog', { name: 'Buy Credits' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The payment processor did not answer. Try again.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('dialog', { name: 'Continue to payment' })).toBeTruthy();
    expect(api.keys().filter((key) => key === ORDERS)).toHaveLength(1);
    expect(api.keys().filter((key) => key === PAYMENTS)).toHaveLength(2);
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
