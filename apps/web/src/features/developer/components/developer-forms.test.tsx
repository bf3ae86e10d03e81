import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../../components/ui/toast/notify.ts';
import type { SessionUser } from '../../../lib/auth/auth-context.ts';
import { inOrder, json, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { soldSubscriptionFixture } from '../../../test/subscription-fixture.ts';
import { customer } from '../../../test/test-users.ts';
import { AccessListCard } from './access-list-card.tsx';
import { CreatePlanDialog } from './create-plan-dialog.tsx';
import { DiscountCodeDialog } from './discount-code-dialog.tsx';
import { DiscountCodesCard } from './discount-codes-card.tsx';
import { GiftPriceDialog } from './gift-price-dialog.tsx';
import { PayoutsCard } from './payouts-card.tsx';
import { TimeManagementCard } from './time-management-card.tsx';

// The developer workspace's forms show the spec's §5 messages before anything is sent, and send
// what the contract parsed once the form is valid.

const developer: SessionUser = {
  ...customer,
  id: 7,
  username: 'developer',
  roles: ['CUSTOMER', 'DEVELOPER'],
};

const dialog = (name: string) => screen.getByRole('dialog', { name });
const submit = (scope: HTMLElement, name: string) =>
  fireEvent.click(within(scope).getByRole('button', { name }));
const type = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

describe('create plan', () => {
  it("says 'Plan name was empty.' and 'Plan description was empty.', then creates the plan", async () => {
    const error = vi.spyOn(notify, 'error').mockResolvedValue();
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const api = mockApi({
      'POST /api/shop/plans': () =>
        json(
          {
            id: 40,
            name: 'Trail Blazer',
            description: 'Walks every trail.',
            imageUrl: null,
            tags: ['trails', 'agility'],
            forumLink: null,
            ownerId: 7,
            ownerName: 'Devon Developer',
            ownerDiscordId: '314159265358979307',
            labels: [],
            hidden: false,
            enabled: true,
            promoDiscount: 0,
            promoExtraDays: 0,
            fromPrice: null,
          },
          201,
        ),
      'GET /api/shop/plans/my': () => json([]),
    });
    const onClose = vi.fn();
    renderWithProviders(<CreatePlanDialog open onClose={onClose} />, { user: developer });
    const create = dialog('Create plan');

    submit(create, 'Create plan');
    expect(await within(create).findByText('Plan name was empty.')).toBeTruthy();
    // Once, under its field (issue 26, item 6): not also as a toast.
    expect(error).not.toHaveBeenCalled();

    type(create, 'Plan name', 'Trail Blazer');
    submit(create, 'Create plan');
    expect(await within(create).findByText('Plan description was empty.')).toBeTruthy();
    expect(api.keys()).not.toContain('POST /api/shop/plans');

    type(create, 'Description', 'Walks every trail.');
    type(create, 'Tags', 'trails, agility, trails');
    submit(create, 'Create plan');
    await waitFor(() => expect(success).toHaveBeenCalledWith('Plan added successfully!'));
    expect(onClose).toHaveBeenCalled();
    const sent = api.calls.find((call) => call.key === 'POST /api/shop/plans');
    expect(sent).toBeTruthy();
    const body = JSON.parse(
      String(api.spy.mock.calls.find(([url]) => String(url).endsWith('/plans'))?.[1]?.body),
    );
    expect(body).toMatchObject({
      name: 'Trail Blazer',
      description: 'Walks every trail.',
      tags: ['trails', 'agility'],
    });
  });
});

describe('request payout', () => {
  it("refuses an amount that is not a number with 'Withdraw amount is not a valid number'", async () => {
    vi.spyOn(notify, 'error').mockResolvedValue();
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const api = mockApi({
      'GET /api/commerce/payouts/earnings': () =>
        json({ available: 500, reserved: 0, paidOut: 0, earnedThisMonth: 120, canRequestPayouts: true }),
      'GET /api/commerce/payouts': () => json({ content: [], totalPages: 0 }),
      'POST /api/commerce/payouts/request': ({ url }) =>
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
            description: 'Payout request',
            reference: null,
          },
          201,
        ),
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
    vi.spyOn(notify, 'error').mockResolvedValue();
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const api = mockApi({
      'GET /api/commerce/payouts/earnings': () =>
        json({ available: 12_500, reserved: 0, paidOut: 0, earnedThisMonth: 0, canRequestPayouts: true }),
      'GET /api/commerce/payouts': () => json({ content: [], totalPages: 0 }),
      'POST /api/commerce/payouts/request': ({ url }) =>
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
            description: 'Withdrawal request',
            reference: null,
          },
          201,
        ),
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
    vi.spyOn(notify, 'error').mockResolvedValue();
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
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

describe('whitelist add', () => {
  it("asks for an id with 'Please enter a discord id', then adds it", async () => {
    vi.spyOn(notify, 'error').mockResolvedValue();
    const api = mockApi({
      'GET /api/shop/prices/52/whitelist': () => json([]),
      'POST /api/shop/prices/52/whitelist': ({ url }) =>
        json(
          {
            id: 1,
            userId: 10,
            discordId: url.searchParams.get('discordId'),
            username: 'customer',
            displayName: 'C',
          },
          201,
        ),
    });
    renderWithProviders(<AccessListCard owner={{ level: 'price', id: 52 }} list="whitelist" />, {
      user: developer,
    });
    const box = await screen.findByPlaceholderText('Users Discord ID');
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Please enter a discord id')).toBeTruthy();
    expect(api.keys()).not.toContain('POST /api/shop/prices/52/whitelist');

    fireEvent.change(box, { target: { value: ' 314159265358979310 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(api.last('POST /api/shop/prices/52/whitelist')?.url.searchParams.get('discordId')).toBe(
        '314159265358979310',
      ),
    );
  });
});

describe('time management', () => {
  it("says 'Hours to add must be greater than 0' and 'No subscribers selected', then adds to all active", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(notify, 'error').mockResolvedValue();
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const api = mockApi({
      'PUT /api/shop/subscriptions/add-hours': () =>
        json({ message: 'Hours added successfully', updated: 3 }),
    });
    renderWithProviders(<TimeManagementCard priceId={52} selected={new Set()} />, { user: developer });
    fireEvent.click(screen.getByRole('button', { name: 'View' }));
    const modal = dialog('Add hours');

    submit(modal, 'Add hours');
    expect(await within(modal).findByText('Hours to add must be greater than 0')).toBeTruthy();
    type(modal, 'Hours to add', '24');
    submit(modal, 'Add hours');
    expect(await within(modal).findByText('No subscribers selected')).toBeTruthy();
    expect(api.keys()).toEqual([]);

    fireEvent.click(within(modal).getByRole('checkbox', { name: 'All active subscriptions of this price' }));
    submit(modal, 'Add hours');
    await waitFor(() => expect(success).toHaveBeenCalledWith('Hours added successfully'));
    const call = api.last('PUT /api/shop/subscriptions/add-hours');
    expect(call?.url.searchParams.get('priceId')).toBe('52');
    expect(call?.url.searchParams.get('hours')).toBe('24');
    // Spec §9: the page reloads 1 s later.
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});

describe('discount code create', () => {
  it('shows the three §5 messages, then creates an enabled code with max uses 0 by default', async () => {
    vi.spyOn(notify, 'error').mockResolvedValue();
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const api = mockApi({
      'POST /api/shop/discount-codes': () =>
        json(
          {
            id: 'SUMMER25',
            priceId: 52,
            discountPercent: 25,
            maxUses: 0,
            uses: 0,
            validUntil: '2099-12-31T23:59:59.999Z',
            enabled: true,
          },
          201,
        ),
      'GET /api/shop/discount-codes/by-price/52': () => json([]),
    });
    renderWithProviders(<DiscountCodeDialog priceId={52} code={null} open onClose={() => {}} />, {
      user: developer,
    });
    const modal = dialog('Create discount code');
    expect((within(modal).getByLabelText('Max uses') as HTMLInputElement).value).toBe('0');
    expect((within(modal).getByRole('checkbox', { name: 'Enabled' }) as HTMLInputElement).checked).toBe(true);

    type(modal, 'Discount percent', '0');
    type(modal, 'Max uses', '-1');
    type(modal, 'Valid until', '2020-01-01');
    submit(modal, 'Create code');
    expect(await within(modal).findByText('Discount percent must be greater than 0')).toBeTruthy();
    expect(within(modal).getByText('Max uses must be positive or zero.')).toBeTruthy();
    expect(within(modal).getByText('Valid until must be greater than today')).toBeTruthy();
    expect(api.keys()).toEqual([]);

    type(modal, 'Code', 'summer25');
    type(modal, 'Discount percent', '25');
    type(modal, 'Max uses', '0');
    type(modal, 'Valid until', '2099-12-31');
    submit(modal, 'Create code');
    await waitFor(() => expect(success).toHaveBeenCalledWith('Discount code created.'));
    const init = api.spy.mock.calls.find(([url]) => String(url).endsWith('/discount-codes'))?.[1];
    expect(JSON.parse(String(init?.body))).toEqual({
      id: 'SUMMER25',
      priceId: 52,
      discountPercent: 25,
      maxUses: 0,
      validUntil: '2099-12-31T23:59:59.999Z',
      enabled: true,
    });
  });
});

describe('discount code without an end date', () => {
  const endless = {
    id: 'FOREVER10',
    priceId: 52,
    discountPercent: 10,
    maxUses: 0,
    uses: 0,
    validUntil: null,
    enabled: true,
  };

  it('creates a code with an empty "Valid until" as one with no end date', async () => {
    const error = vi.spyOn(notify, 'error').mockResolvedValue();
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const api = mockApi({
      'POST /api/shop/discount-codes': () => json(endless, 201),
      'GET /api/shop/discount-codes/by-price/52': () => json([]),
    });
    renderWithProviders(<DiscountCodeDialog priceId={52} code={null} open onClose={() => {}} />, {
      user: developer,
    });
    const modal = dialog('Create discount code');
    expect(within(modal).getByText('Leave empty for no end date.')).toBeTruthy();
    type(modal, 'Code', 'forever10');
    type(modal, 'Discount percent', '10');
    submit(modal, 'Create code');
    await waitFor(() => expect(success).toHaveBeenCalledWith('Discount code created.'));
    expect(error).not.toHaveBeenCalled();
    const init = api.spy.mock.calls.find(([url]) => String(url).endsWith('/discount-codes'))?.[1];
    expect(JSON.parse(String(init?.body))).toMatchObject({ id: 'FOREVER10', validUntil: null });
  });

  it('empties the date of a dated code, and lists a code without one as "No end date"', async () => {
    vi.spyOn(notify, 'error').mockResolvedValue();
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const dated = { ...endless, validUntil: '2099-12-31T23:59:59.999Z' };
    const api = mockApi({
      'PUT /api/shop/discount-codes/FOREVER10': () => json(endless),
      'GET /api/shop/discount-codes/by-price/52': () => json([endless]),
    });
    renderWithProviders(<DiscountCodeDialog priceId={52} code={dated} open onClose={() => {}} />, {
      user: developer,
    });
    const modal = dialog('Edit discount code FOREVER10');
    expect((within(modal).getByLabelText('Valid until') as HTMLInputElement).value).toBe('2099-12-31');
    type(modal, 'Valid until', '');
    submit(modal, 'Save changes');
    await waitFor(() => expect(success).toHaveBeenCalledWith('Discount code updated.'));
    const init = api.spy.mock.calls.find(([url]) => String(url).endsWith('/discount-codes/FOREVER10'))?.[1];
    expect(JSON.parse(String(init?.body))).toMatchObject({ id: 'FOREVER10', validUntil: null });
  });

  it('shows "No end date" and Active in the codes table', async () => {
    mockApi({ 'GET /api/shop/discount-codes/by-price/52': () => json([endless]) });
    renderWithProviders(<DiscountCodesCard priceId={52} />, { user: developer });
    const row = (await screen.findByText('FOREVER10')).closest('tr') as HTMLElement;
    expect(within(row).getByText('No end date')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
  });
});

describe('gift price', () => {
  it("asks for a valid Discord id, then names the price and the receiver in 'Successfully gifted …'", async () => {
    vi.spyOn(notify, 'error').mockResolvedValue();
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const api = mockApi({
      'POST /api/shop/subscriptions/gift': () =>
        json(soldSubscriptionFixture({ priceId: 52, priceName: 'Monthly' }), 201),
    });
    const price = {
      id: 52,
      planId: 4,
      ownerId: 7,
      name: 'Monthly',
      description: '',
      period: 'MONTHLY' as const,
      price: 300,
      finalPrice: 270,
      promoDiscountPercent: 10,
      promoExtraDays: 0,
      vipOnly: false,
      extensionPrice: null,
      extensionAllowed: false,
      slots: null,
      exposeSubCount: false,
      enabled: true,
      hidden: false,
    };
    renderWithProviders(<GiftPriceDialog price={price} open onClose={() => {}} />, { user: developer });
    const modal = dialog('Gift Monthly');
    expect(within(modal).getByText(/270 credits will be taken from your balance/)).toBeTruthy();

    type(modal, "Receiver's Discord ID", '  ');
    submit(modal, 'Send gift');
    expect(await within(modal).findByText('Please enter a valid discord id')).toBeTruthy();
    expect(api.keys()).toEqual([]);

    type(modal, "Receiver's Discord ID", '314159265358979310');
    submit(modal, 'Send gift');
    await waitFor(() => expect(success).toHaveBeenCalledWith('Successfully gifted Monthly to @customer'));
    const call = api.last('POST /api/shop/subscriptions/gift');
    expect(call?.url.searchParams.get('discordId')).toBe('314159265358979310');
    expect(call?.url.searchParams.get('priceId')).toBe('52');
  });
});
