import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { priceResponseFixture } from '../../../../test/catalog-fixtures.ts';
import { dialog, submit, type } from '../../../../test/dialog-form.ts';
import { json, mockApi } from '../../../../test/mock-api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { soldSubscriptionFixture } from '../../../../test/subscription-fixture.ts';
import { developer } from '../../../../test/test-users.ts';
import { spyOnToasts } from '../../../../test/toasts.ts';
import { DiscountCodeDialog } from './discount-code-dialog.tsx';
import { DiscountCodesCard } from './discount-codes-card.tsx';
import { GiftPriceDialog } from './gift-price-dialog.tsx';
import { TimeManagementCard } from './time-management-card.tsx';

// The price dashboard's forms show the spec's §5 messages before anything is sent, and send what
// the contract parsed once the form is valid.

describe('time management', () => {
  it("says 'Hours to add must be greater than 0' and 'No subscribers selected', then adds to all active", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { success } = spyOnToasts();
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
    const { success } = spyOnToasts();
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
    const { error, success } = spyOnToasts();
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
    const { success } = spyOnToasts();
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
    const { success } = spyOnToasts();
    const api = mockApi({
      'POST /api/shop/subscriptions/gift': () =>
        json(soldSubscriptionFixture({ priceId: 52, priceName: 'Monthly' }), 201),
    });
    const price = priceResponseFixture({ id: 52, finalPrice: 270, promoDiscountPercent: 10 });
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
