import type { TransactionResponse } from '@ember/contracts/wallet';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../../test/mock-api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { vipOwner } from '../../../../test/test-users.ts';
import TransactionsSection from './transactions-section.tsx';

const LIST = 'GET /api/shop/transactions';
const TRIAL = 'GET /api/shop/transactions/trial-balance';

const entry = (overrides: Partial<TransactionResponse> = {}): TransactionResponse => ({
  id: 7,
  account: 'CREDITS',
  type: 'ORDER_TOP_UP',
  description: 'Top-up of order 12',
  discordId: '314159265358979310',
  username: 'customer',
  createdAt: '2026-11-20T10:00:00.000Z',
  balance: 12_500,
  amount: 10_000,
  entityId: '12',
  referenceKind: 'ORDER',
  journalId: 88,
  ...overrides,
});

const balanced = {
  accounts: [
    { account: 'CREDITS', holders: 12, balance: 1_234_567 },
    { account: 'EARNINGS', holders: 3, balance: 40_000 },
    { account: 'CLEARING_STRIPE', holders: 0, balance: -1_274_567 },
  ],
  total: 0,
};

afterEach(() => {
  vi.restoreAllMocks();
});

const params = (api: ReturnType<typeof mockApi>) =>
  Object.fromEntries(api.last(LIST)?.url.searchParams ?? []);

describe('TransactionsSection', () => {
  it('shows the trial balance as balanced and every column of a posting', async () => {
    const api = mockApi({
      [LIST]: () =>
        json({
          content: [entry(), entry({ id: 8, amount: -450, type: 'PURCHASE', balance: 12_050 })],
          totalPages: 1,
        }),
      [TRIAL]: () => json(balanced),
    });
    renderWithProviders(<TransactionsSection />, { route: '/admin?section=transactions', user: vipOwner });
    expect(screen.getByRole('heading', { level: 2, name: 'Transactions' })).toBeTruthy();
    const trial = await screen.findByRole('region', { name: 'Trial balance' });
    await within(trial).findByText('Balanced ✓');
    expect(within(trial).getByText('Credits (12 users)')).toBeTruthy();
    expect(within(trial).getByText('1,234,567')).toBeTruthy();
    expect(within(trial).getByText('Stripe clearing')).toBeTruthy();
    expect(within(trial).getByText('-1,274,567')).toBeTruthy();

    const table = await screen.findByRole('table', { name: 'Transactions' });
    await within(table).findAllByText('customer');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'User', 'Account', 'Type', 'Amount', 'Balance after', 'Description', 'Reference']);
    const [first, second] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(first).getByText('+10,000').className).toMatch(/credit/);
    expect(within(first).getByText('Top-up')).toBeTruthy();
    expect(within(first).getByText('12,500')).toBeTruthy();
    expect(within(first).getByText('Order #12')).toBeTruthy();
    expect(within(first).getByText('Journal #88')).toBeTruthy();
    expect(within(first).getByText('314159265358979310')).toBeTruthy();
    expect(within(second).getByText('\u2212450').className).toMatch(/debit/);
    expect(params(api)).toEqual({ page: '0', size: '10', sort: 'createdAt,desc' });
  });

  it('shows an imbalance in words and red', async () => {
    mockApi({
      [LIST]: () => json({ content: [], totalPages: 0 }),
      [TRIAL]: () => json({ ...balanced, total: 25 }),
    });
    renderWithProviders(<TransactionsSection />, { user: vipOwner });
    const total = await screen.findByTestId('trial-balance-total');
    await waitFor(() => expect(total.textContent).toBe('Off by +25 ✗'));
    expect(within(total).getByText('Off by +25 ✗').className).toMatch(/imbalance/);
    expect(await screen.findByText('No transactions yet.')).toBeTruthy();
  });

  it('filters by Discord id, type and reference on the server, and sorts there', async () => {
    const api = mockApi({
      [LIST]: () => json({ content: [entry()], totalPages: 1 }),
      [TRIAL]: () => json(balanced),
    });
    renderWithProviders(<TransactionsSection />, { user: vipOwner });
    const table = await screen.findByRole('table', { name: 'Transactions' });
    await within(table).findByText('Order #12');

    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: 'REFUND' } });
    await waitFor(() => expect(params(api).type).toBe('REFUND'));
    expect(screen.getByRole('option', { name: 'Credits received' })).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Discord ID' }), {
      target: { value: '314159265358979310' },
    });
    await waitFor(() => expect(params(api).discordId).toBe('314159265358979310'));

    const referenceId = screen.getByRole('textbox', { name: 'Reference ID' }) as HTMLInputElement;
    expect(referenceId.disabled).toBe(true);
    fireEvent.change(screen.getByRole('combobox', { name: 'Reference' }), { target: { value: 'ORDER' } });
    await waitFor(() => expect(params(api).referenceKind).toBe('ORDER'));
    expect(referenceId.disabled).toBe(false);
    fireEvent.change(referenceId, { target: { value: '12' } });
    await waitFor(() => expect(params(api).referenceId).toBe('12'));

    fireEvent.click(within(table).getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(params(api).sort).toBe('amount,desc'));
    expect(params(api)).toMatchObject({
      page: '0',
      type: 'REFUND',
      referenceKind: 'ORDER',
      referenceId: '12',
    });
  });

  it('shows a bad filter under its field with the contract message and does not send it', async () => {
    const api = mockApi({
      [LIST]: () => json({ content: [entry()], totalPages: 1 }),
      [TRIAL]: () => json(balanced),
    });
    renderWithProviders(<TransactionsSection />, { user: vipOwner });
    await screen.findByText('Order #12');
    const sent = api.calls.filter((call) => call.key === LIST).length;
    fireEvent.change(screen.getByRole('textbox', { name: 'Discord ID' }), { target: { value: 'abc' } });
    expect(await screen.findByText('A Discord id is a number, like 314159265358979301.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(api.calls.filter((call) => call.key === LIST)).toHaveLength(sent);
  });

  it('offers a retry when the list cannot be loaded', async () => {
    mockApi({
      [LIST]: () => json({ message: 'Boom' }, 500),
      [TRIAL]: () => json(balanced),
    });
    renderWithProviders(<TransactionsSection />, { user: vipOwner });
    expect(
      await screen.findByText('We could not load the transactions.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
