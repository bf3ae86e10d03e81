import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inOrder, json, mockApi } from '../../../../test/mock-api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { developer } from '../../../../test/test-users.ts';
import { spyOnToasts } from '../../../../test/toasts.ts';
import { PayoutsCard } from './payouts-card.tsx';

// Request payout shows the spec's §5 messages before anything is sent, and sends what the contract
// parsed once the form is valid.

/** The API's answer to a payout request: a pending payout of the amount asked for. */
const requestedPayout = (url: URL, description: string) =>
  json(
    {
      id: 9,
      userId: 8,
      developer: { id: 8, discordId: '314159265358979308', username: 'premium', displayName: 'Priya' },
      amount: Number(url.searchParams.get('amount')),
      date: '2026-11-23T12:00:00.000Z',
      completed: false,
      completedDate: null,
      status: 'Pending',
      description,
      reference: null,
    },
    201,
  );

describe('request payout', () => {
  it("refuses an amount that is not a number with 'Withdraw amount is not a valid number'", async () => {
    const { success } = spyOnToasts();
    const api = mockApi({
      'GET /api/commerce/payouts/earnings': () =>
        json({ available: 500, reserved: 0, paidOut: 0, earnedThisMonth: 120, canRequestPayouts: true }),
      'GET /api/commerce/payouts': () => json({ content: [], totalPages: 0 }),
      'POST /api/commerce/payouts/request': ({ url }) => requestedPayout(url, 'Payout request'),
    });
    renderWithProviders(<PayoutsCard />, { user: developer });
    const field = await screen.findByLabelText('Withdraw amount');
    expect(await screen.findByText('You can withdraw up to 500 credits (€5.00).')).toBeTruthy();

    for (const bad of ['abc', '0', '1.5', '']) {
      fireEvent.change(field, { target: { value: bad } });
      fireEvent.click(screen.getByRole('button', { name: 'Request payout' }));
      expect(await screen.findByText('Withdraw amount is not a valid number')).toBeTruthy();
    }
    expect(api.keys()).not.toContain('POST /api/commerce/payouts/request');

    fireEvent.change(field, { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Request payout' });
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Request payout' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Payout request created'));
    expect(api.last('POST /api/commerce/payouts/request')?.url.searchParams.get('amount')).toBe('25');
  });

  it('files nothing before the amount is confirmed in credits and euros; a double press sends one key', async () => {
    const { success } = spyOnToasts();
    const api = mockApi({
      'GET /api/commerce/payouts/earnings': () =>
        json({ available: 12_500, reserved: 0, paidOut: 0, earnedThisMonth: 0, canRequestPayouts: true }),
      'GET /api/commerce/payouts': () => json({ content: [], totalPages: 0 }),
      'POST /api/commerce/payouts/request': ({ url }) => requestedPayout(url, 'Withdrawal request'),
    });
    renderWithProviders(<PayoutsCard />, { user: developer });
    const field = await screen.findByLabelText('Withdraw amount');
    await screen.findByText('You can withdraw up to 12,500 credits (€125.00).');

    // More than the earnings hold is refused on the form, before any confirmation.
    fireEvent.change(field, { target: { value: '12501' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    expect(
      await screen.findByText('You can withdraw at most 12500 credits: that is what your earnings hold now.'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(field, { target: { value: '2500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Request payout' });
    expect(confirmation.textContent).toContain('Request a payout of 2,500 credits (€25.00)?');
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.keys()).not.toContain('POST /api/commerce/payouts/request');

    fireEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    const again = await screen.findByRole('dialog', { name: 'Request payout' });
    const confirm = within(again).getByRole('button', { name: 'Request payout' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Payout request created'));
    const requests = api.calls.filter((call) => call.key === 'POST /api/commerce/payouts/request');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url.searchParams.get('amount')).toBe('2500');
    expect(requests[0]?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('asks again with the same key after a failed request of the same amount', async () => {
    const { success } = spyOnToasts();
    const payout = {
      id: 9,
      userId: 8,
      developer: { id: 8, discordId: '314159265358979308', username: 'premium', displayName: 'Priya' },
      amount: 40,
      date: '2026-11-23T12:00:00.000Z',
      completed: false,
      completedDate: null,
      status: 'Pending',
      description: 'Withdrawal request',
      reference: null,
    };
    const api = mockApi({
      'GET /api/commerce/payouts/earnings': () =>
        json({ available: 500, reserved: 0, paidOut: 0, earnedThisMonth: 0, canRequestPayouts: true }),
      'GET /api/commerce/payouts': () => json({ content: [], totalPages: 0 }),
      'POST /api/commerce/payouts/request': inOrder(
        () => json({ message: 'The server is busy.' }, 409),
        () => json(payout, 201),
      ),
    });
    renderWithProviders(<PayoutsCard />, { user: developer });
    fireEvent.change(await screen.findByLabelText('Withdraw amount'), { target: { value: '40' } });
    const requestOnce = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Request payout' }));
      const confirmation = await screen.findByRole('dialog', { name: 'Request payout' });
      fireEvent.click(within(confirmation).getByRole('button', { name: 'Request payout' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    await requestOnce();
    expect(success).not.toHaveBeenCalled();
    await requestOnce();
    await waitFor(() => expect(success).toHaveBeenCalledWith('Payout request created'));
    const keys = api.calls
      .filter((call) => call.key === 'POST /api/commerce/payouts/request')
      .map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('tells a developer without the premium role why payouts are not available', async () => {
    const api = mockApi({
      'GET /api/commerce/payouts/earnings': () =>
        json({ available: 500, reserved: 0, paidOut: 0, earnedThisMonth: 0, canRequestPayouts: false }),
    });
    renderWithProviders(<PayoutsCard />, { user: developer });
    expect(
      await screen.findByText(
        'Payouts are available to premium developers. Contact the store owner to become one.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request payout' })).toBeNull();
    expect(api.keys()).not.toContain('GET /api/commerce/payouts');
  });
});
