import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/toast/notify.ts';
import { orderFixture, orderFullFixture } from '../../../test/commerce-fixtures.ts';
import { inOrder, json, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { vipOwner } from '../../../test/test-users.ts';
import OrdersPage from './orders-page.tsx';

const ORDERS = 'GET /api/commerce/orders';
const FULL = 'GET /api/commerce/orders/42/full';
const COMPLETE = 'PUT /api/commerce/orders/42/complete';
const COUNT = 'GET /api/commerce/orders/needs-staff/count';

const gpOrder = orderFixture({
  id: 42,
  productName: 'Credits (GP)',
  paymentProcessor: 'GP',
  currency: 'GP',
  totalPrice: 20_000_000,
  orderStatus: 'pending',
  paymentId: null,
  extraInfo: 'In-game name: Casey Cust',
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('OrdersPage', () => {
  it('asks the server for the newest orders first and shows every column', async () => {
    const api = mockApi({ [ORDERS]: () => json({ content: [gpOrder, orderFixture()], totalPages: 1 }) });
    renderWithProviders(<OrdersPage />, { route: '/orders', user: vipOwner });
    const table = await screen.findByRole('table', { name: 'Orders' });
    await within(table).findByText('#42');
    expect(Object.fromEntries(api.last(ORDERS)?.url.searchParams ?? [])).toEqual({
      page: '0',
      size: '10',
      sort: 'creationDate,desc',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Order ID',
      'User ID',
      'Product',
      'Status',
      'Total price',
      'Payment method',
      'Date',
      'Payment ID',
      'Details',
    ]);
    const row = within(table).getByText('#42').closest('tr') as HTMLElement;
    expect(within(row).getByText('Pending').getAttribute('data-tone')).toBe('pending');
    expect(within(row).getByText('20M GP')).toBeTruthy();
    expect(within(row).getByText('GP trade')).toBeTruthy();
  });

  it('sorts and searches on the server', async () => {
    const api = mockApi({ [ORDERS]: () => json({ content: [gpOrder], totalPages: 1 }) });
    renderWithProviders(<OrdersPage />, { route: '/orders', user: vipOwner });
    const table = await screen.findByRole('table', { name: 'Orders' });
    await within(table).findByText('#42');
    fireEvent.click(within(table).getByRole('button', { name: 'Total price' }));
    await waitFor(() => expect(api.last(ORDERS)?.url.searchParams.get('sort')).toBe('totalPrice,desc'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search orders' }), { target: { value: '42' } });
    await waitFor(() => expect(api.last(ORDERS)?.url.searchParams.get('search')).toBe('42'));
  });

  it('filters by status on the server, kept in the address (?status=)', async () => {
    const api = mockApi({
      [ORDERS]: ({ url }) =>
        json({
          content: url.searchParams.get('orderStatus') === 'disputed' ? [] : [gpOrder],
          totalPages: 1,
        }),
    });
    renderWithProviders(<OrdersPage />, { route: '/orders?status=pending', user: vipOwner });
    const table = await screen.findByRole('table', { name: 'Orders' });
    await within(table).findByText('#42');
    const status = screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    expect(status.value).toBe('pending');
    expect(api.last(ORDERS)?.url.searchParams.get('orderStatus')).toBe('pending');

    fireEvent.change(status, { target: { value: 'disputed' } });
    await waitFor(() => expect(api.last(ORDERS)?.url.searchParams.get('orderStatus')).toBe('disputed'));
    expect(screen.getByTestId('location').textContent).toBe('/orders?status=disputed');
    expect(await screen.findByText('No orders with the status “Disputed”.')).toBeTruthy();

    fireEvent.change(status, { target: { value: '' } });
    await waitFor(() => expect(api.last(ORDERS)?.url.searchParams.has('orderStatus')).toBe(false));
    expect(screen.getByTestId('location').textContent).toBe('/orders');
  });

  it("takes the specification's upper-case status (?status=PENDING) as the lower-case one", async () => {
    const api = mockApi({ [ORDERS]: () => json({ content: [gpOrder], totalPages: 1 }) });
    renderWithProviders(<OrdersPage />, { route: '/orders?status=PENDING', user: vipOwner });
    await within(await screen.findByRole('table', { name: 'Orders' })).findByText('#42');
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('pending');
    expect(api.last(ORDERS)?.url.searchParams.get('orderStatus')).toBe('pending');
  });

  it('ignores a status the store does not know', async () => {
    const api = mockApi({ [ORDERS]: () => json({ content: [gpOrder], totalPages: 1 }) });
    renderWithProviders(<OrdersPage />, { route: '/orders?status=lost', user: vipOwner });
    await within(await screen.findByRole('table', { name: 'Orders' })).findByText('#42');
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('');
    expect(api.last(ORDERS)?.url.searchParams.has('orderStatus')).toBe(false);
  });

  it("opens an order's detail and completes it after asking", async () => {
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const api = mockApi({
      [ORDERS]: () => json({ content: [gpOrder], totalPages: 1 }),
      [FULL]: inOrder(
        () => json(orderFullFixture({ ...gpOrder })),
        () =>
          json(
            orderFullFixture({
              ...gpOrder,
              orderStatus: 'completed',
              completedBy: { id: 3, username: 'payments' },
            }),
          ),
      ),
      [COMPLETE]: () => json({ ...gpOrder, orderStatus: 'completed' }),
    });
    renderWithProviders(<OrdersPage />, { route: '/orders', user: vipOwner });
    fireEvent.click(await screen.findByRole('button', { name: 'Details of order 42' }));
    const dialog = screen.getByRole('dialog', { name: 'Order #42' });
    for (const text of [
      'Casey Customer',
      'customer',
      '314159265358979310',
      'Credits (GP)',
      '1,000 credits',
      '20M GP',
    ]) {
      expect(await within(dialog).findByText(text)).toBeTruthy();
    }
    expect(within(dialog).queryByText('Payment ID')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(within(dialog).getByText('Are you sure you want to complete this order?')).toBeTruthy();
    expect(api.keys()).not.toContain(COMPLETE);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, complete' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Order completed successfully!'));
    expect(await within(dialog).findByText('Completed')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Complete' })).toBeNull();
  });

  it('shows how many orders need staff, filters them, and resolves one from its detail', async () => {
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const flagged = orderFixture({
      id: 43,
      orderStatus: 'expired',
      needsStaff: {
        reason: 'Paid while expired, but it could not be fulfilled (This product is out of stock.)',
        since: '2026-11-20T12:40:00.000Z',
      },
    });
    const api = mockApi({
      [ORDERS]: () => json({ content: [flagged], totalPages: 1 }),
      [COUNT]: inOrder(
        () => json({ count: 3 }),
        () => json({ count: 2 }),
      ),
      'GET /api/commerce/orders/43/full': () => json(orderFullFixture({ ...flagged })),
      'PUT /api/commerce/orders/43/resolve': () => json({ ...flagged, needsStaff: null }),
    });
    renderWithProviders(<OrdersPage />, { route: '/orders', user: vipOwner });
    const filter = await screen.findByRole('checkbox', { name: 'Needs staff 3' });
    expect((filter as HTMLInputElement).checked).toBe(false);
    fireEvent.click(filter);
    await waitFor(() => expect(api.last(ORDERS)?.url.searchParams.get('needsStaff')).toBe('true'));
    expect((filter as HTMLInputElement).checked).toBe(true);
    const table = await screen.findByRole('table', { name: 'Orders' });
    const row = (await within(table).findByText('#43')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Needs staff')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Details of order 43' }));
    const dialog = screen.getByRole('dialog', { name: 'Order #43' });
    expect(await within(dialog).findByText(/could not be fulfilled/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark resolved' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Marked as resolved.'));
    expect(api.keys()).toContain('PUT /api/commerce/orders/43/resolve');
    expect(await screen.findByRole('checkbox', { name: 'Needs staff 2' })).toBeTruthy();
  });
});
