import {
  ACCOUNT_TRANSFERRED_MESSAGE,
  type AdminUserResponse,
  BALANCE_REASON_REQUIRED_MESSAGE,
  INVALID_VIP_UNIT_MESSAGE,
  NO_USER_SELECTED_MESSAGE,
  TARGET_USER_ID_INVALID_MESSAGE,
  USER_BANNED_MESSAGE,
  USER_UPDATED_MESSAGE,
  VIP_ADDED_MESSAGE,
} from '@ember/contracts/admin-users';
import { SESSION_KILLED_MESSAGE, SESSIONS_FLUSHED_MESSAGE } from '@ember/contracts/sessions';
import {
  ADD_HOURS_INVALID_MESSAGE,
  HOURS_ADDED_MESSAGE,
  SUBSCRIPTION_PAUSED_MESSAGE,
} from '@ember/contracts/subscriptions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../../lib/toast/notify.ts';
import { json, mockApi } from '../../../../test/mock-api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { soldSubscriptionFixture } from '../../../../test/subscription-fixture.ts';
import { vipOwner } from '../../../../test/test-users.ts';
import { spyOnToasts } from '../../../../test/toasts.ts';
import { adjustmentNote } from './edit-user-dialog.tsx';
import { NO_SUBSCRIPTION_SELECTED_MESSAGE } from './users-messages.ts';
import UsersSection from './users-section.tsx';

const LIST = 'GET /api/shop/users';

const user = (overrides: Partial<AdminUserResponse> = {}): AdminUserResponse => ({
  id: 11,
  username: 'customer',
  displayName: 'Casual Carl',
  discordId: '100000000000000011',
  registrationDate: '2026-01-02T10:00:00.000Z',
  vipUntil: null,
  vip: false,
  balance: 12345,
  earnings: 0,
  roles: ['CUSTOMER'],
  enabled: true,
  transferredToId: null,
  heldAt: null,
  ...overrides,
});

const vip = user({
  id: 5,
  username: 'vip',
  displayName: 'Vera Vip',
  discordId: '100000000000000005',
  vip: true,
  vipUntil: '2027-01-01T00:00:00.000Z',
  balance: 500,
});

const SESSION_ID = '123e4567-e89b-12d3-a456-426614174000';

/** The calls a panel makes on opening, for user 11. */
/** The section listing the one user, with the panel's calls and `handlers` answered. */
function renderWithOneUser(handlers: Parameters<typeof mockApi>[0]) {
  const api = mockApi({
    [LIST]: () => json({ content: [user()], totalPages: 1 }),
    ...panelCalls,
    ...handlers,
  });
  renderWithProviders(<UsersSection />, { user: vipOwner });
  return api;
}

const panelCalls = {
  'GET /api/shop/users/11': () => json(user()),
  'GET /api/shop/sessions/by-user/11': () => json([{ pluginId: 7, pluginName: 'Miner', active: 1, max: 1 }]),
  'GET /api/shop/session-logs': () =>
    json({
      content: [
        {
          sessionId: SESSION_ID,
          discordId: '100000000000000011',
          pluginName: 'Miner',
          lastUpdate: '2026-11-25T10:02:00.000Z',
          exceeded: false,
        },
      ],
      totalPages: 1,
      retentionDays: 90,
    }),
  'GET /api/shop/subscriptions/by-user/11': () => json([soldSubscriptionFixture({ id: 501 })]),
};

afterEach(() => {
  vi.restoreAllMocks();
});

function bodyOf(api: ReturnType<typeof mockApi>, key: string): unknown {
  const index = api.calls.findLastIndex((call) => call.key === key);
  const init = api.spy.mock.calls[index]?.[1];
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}

async function openPanel() {
  const table = await screen.findByRole('table', { name: 'Users' });
  fireEvent.click(await within(table).findByRole('button', { name: 'Manage Casual Carl (customer)' }));
  return screen.findByRole('dialog', { name: 'Manage Casual Carl (customer) #11' });
}

describe('UsersSection', () => {
  it('lists users with roles, balance, VIP and status, and searches through ?q=', async () => {
    const api = mockApi({
      [LIST]: () =>
        json({
          content: [
            user(),
            vip,
            user({
              id: 12,
              username: 'gone',
              displayName: 'gone',
              balance: 0,
              enabled: false,
              transferredToId: 5,
            }),
            user({ id: 13, username: 'bad', displayName: 'bad', balance: 0, enabled: false }),
            user({
              id: 14,
              username: 'held',
              displayName: 'held',
              balance: 0,
              heldAt: '2026-11-01T00:00:00.000Z',
            }),
          ],
          totalPages: 3,
        }),
    });
    renderWithProviders(<UsersSection />, { user: vipOwner, route: '/admin?section=users&q=cust' });
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('Casual Carl');
    expect(Object.fromEntries(api.last(LIST)?.url.searchParams ?? [])).toEqual({
      page: '0',
      size: '10',
      search: 'cust',
    });
    expect(within(table).getByText('Transferred \u2192 #5')).toBeTruthy();
    expect(within(table).getByText('Banned')).toBeTruthy();
    expect(within(table).getByText('Held')).toBeTruthy();
    expect(within(table).getAllByText('Active')).toHaveLength(2);
    expect(within(table).getByText('12,345')).toBeTruthy();
    expect(within(table).getByLabelText('VIP')).toBeTruthy();

    const search = screen.getByRole('searchbox', { name: 'Search users' });
    fireEvent.change(search, { target: { value: '100000000000000005' } });
    fireEvent.submit(search.closest('form') as HTMLFormElement);
    await waitFor(() => expect(api.last(LIST)?.url.searchParams.get('search')).toBe('100000000000000005'));
    expect(screen.getByTestId('location').textContent).toBe('/admin?section=users&q=100000000000000005');
  });

  it('shows the empty and the error state', async () => {
    mockApi({ [LIST]: () => json({ content: [], totalPages: 0 }) });
    renderWithProviders(<UsersSection />, { user: vipOwner, route: '/admin?section=users&q=zz' });
    expect(await screen.findByText('No user matches \u201czz\u201d.')).toBeTruthy();
  });

  it('says what failed to load, with Retry', async () => {
    mockApi({ [LIST]: () => json({ message: 'boom' }, 500) });
    vi.spyOn(notify, 'error').mockResolvedValue();
    renderWithProviders(<UsersSection />, { user: vipOwner });
    expect(await screen.findByText('We could not load the users.')).toBeTruthy();
  });

  it("toolbar Add VIP without a picked user says 'No user selected'; with one it adds VIP by unit", async () => {
    const { error, success } = spyOnToasts();
    const api = mockApi({
      [LIST]: () => json({ content: [user(), vip], totalPages: 1 }),
      'PUT /api/shop/users/11/add-vip': () => json(user({ vip: true, vipUntil: '2026-11-27T10:00:00.000Z' })),
    });
    renderWithProviders(<UsersSection />, { user: vipOwner });
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('Casual Carl');
    fireEvent.click(screen.getByRole('button', { name: 'Add VIP' }));
    expect(error).toHaveBeenCalledWith(NO_USER_SELECTED_MESSAGE);

    fireEvent.click(within(table).getByRole('radio', { name: 'Pick customer' }));
    expect(screen.getByText('Picked: Casual Carl (customer) #11')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add VIP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add VIP to customer' });
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add VIP' }));
    expect(await within(dialog).findByText(INVALID_VIP_UNIT_MESSAGE)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Unit'), { target: { value: 'Days' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add VIP' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(VIP_ADDED_MESSAGE));
    expect(Object.fromEntries(api.last('PUT /api/shop/users/11/add-vip')?.url.searchParams ?? [])).toEqual({
      days: '2',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add VIP to customer' })).toBeNull());
  });

  it('bans behind a confirmation that names the user and the signing out everywhere', async () => {
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const api = renderWithOneUser({
      'DELETE /api/shop/users/11/ban': () => json(user({ enabled: false })),
    });
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Ban' }));
    const confirm = await screen.findByRole('dialog', { name: 'Ban customer?' });
    expect(confirm.textContent).toContain(
      'Casual Carl (customer) #11 is signed out everywhere, including the game client',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(USER_BANNED_MESSAGE));
    expect(api.keys()).toContain('DELETE /api/shop/users/11/ban');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ban customer?' })).toBeNull());
  });

  it('edits a user: a balance change needs a reason and shows the adjustment', async () => {
    const { success } = spyOnToasts();
    const api = renderWithOneUser({
      'PUT /api/shop/users/11': () => json(user({ balance: 12000 })),
    });
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit customer' });
    fireEvent.change(within(dialog).getByLabelText('Balance (credits)'), { target: { value: '12000' } });
    expect(within(dialog).getByText('\u2212345 credits will be booked as an adjustment')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(BALANCE_REASON_REQUIRED_MESSAGE)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason (required)'), { target: { value: 'Chargeback' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(USER_UPDATED_MESSAGE));
    expect(bodyOf(api, 'PUT /api/shop/users/11')).toEqual({
      discordId: '100000000000000011',
      username: 'customer',
      balance: 12000,
      reason: 'Chargeback',
    });
  });

  it('transfers an account after a confirmation naming both accounts, and shows what moved', async () => {
    const { success } = spyOnToasts();
    const api = renderWithOneUser({
      'GET /api/shop/users/5': () => json(vip),
      'POST /api/shop/users/11/transfer-account': () =>
        json({
          source: user({ enabled: false, transferredToId: 5 }),
          target: vip,
          moved: {
            subscriptions: 2,
            credits: 12345,
            earnings: 0,
            orders: 3,
            payouts: 0,
            sessions: 1,
            clientTokens: 1,
            votes: 4,
            accessListEntries: 0,
          },
        }),
    });
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Transfer account' }));
    const dialog = await screen.findByRole('dialog', { name: "Transfer customer's account" });
    const target = within(dialog).getByLabelText('Target user ID');
    fireEvent.change(target, { target: { value: 'five' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(TARGET_USER_ID_INVALID_MESSAGE)).toBeTruthy();
    fireEvent.change(target, { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Transfer this account?' });
    expect(confirm.textContent).toContain('Casual Carl (customer) #11');
    expect(confirm.textContent).toContain('Vera Vip (vip) #5');
    for (const item of [
      'Subscriptions',
      'Credits',
      'Earnings',
      'Orders',
      'Payouts',
      'Sessions',
      'Client tokens',
    ]) {
      expect(within(confirm).getByText(new RegExp(`^${item}`))).toBeTruthy();
    }
    expect(confirm.textContent).toContain('account is then disabled');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(ACCOUNT_TRANSFERRED_MESSAGE));
    expect(api.last('POST /api/shop/users/11/transfer-account')?.url.searchParams.get('targetId')).toBe('5');
    const result = await within(panel).findByRole('status', { name: 'Account transfer result' });
    expect(result.textContent).toContain('Transferred to Vera Vip (vip) #5');
    expect(within(result).getByText('Orders').nextSibling?.textContent).toBe('3');
    expect(within(result).getByText('Credits').nextSibling?.textContent).toBe('12,345 credits');
    expect(within(result).getByText('Votes').nextSibling?.textContent).toBe('4');
  });

  it('kills a session and deletes all, each confirmed, with their toasts', async () => {
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const api = renderWithOneUser({
      'PUT /api/shop/sessions/kill': () => json({ message: SESSION_KILLED_MESSAGE, ended: 1 }),
      'DELETE /api/shop/sessions/by-user/11': () => json({ message: SESSIONS_FLUSHED_MESSAGE, ended: 1 }),
    });
    const panel = await openPanel();
    const recent = await within(panel).findByRole('table', { name: 'Recent sessions of customer' });
    // A session's one log row: one row, with its kill button.
    expect(within(recent).getAllByRole('button', { name: `Kill session ${SESSION_ID}` })).toHaveLength(1);
    fireEvent.click(within(recent).getByRole('button', { name: `Kill session ${SESSION_ID}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Kill this session?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Kill' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(SESSION_KILLED_MESSAGE));
    expect(bodyOf(api, 'PUT /api/shop/sessions/kill')).toEqual({ id: SESSION_ID });

    fireEvent.click(within(panel).getByRole('button', { name: 'Delete all sessions' }));
    const all = await screen.findByRole('dialog', { name: 'Delete all sessions?' });
    fireEvent.click(within(all).getByRole('button', { name: 'Delete all' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(SESSIONS_FLUSHED_MESSAGE));
  });

  it('subscription tools need a picked subscription; add hours and pause', async () => {
    const { error, success } = spyOnToasts();
    const api = renderWithOneUser({
      'PUT /api/shop/subscriptions/501/add-hours': () => json(soldSubscriptionFixture()),
      'PUT /api/shop/subscriptions/501/pause': () =>
        json(soldSubscriptionFixture({ paused: true, status: 'Paused' })),
    });
    const panel = await openPanel();
    const subs = await within(panel).findByRole('table', { name: 'Subscriptions of the user' });
    await within(subs).findByText("Sailor's Compass");
    const hours = within(panel).getByLabelText('Hours to add');
    fireEvent.change(hours, { target: { value: '0' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add hours' }));
    expect(await within(panel).findByText(ADD_HOURS_INVALID_MESSAGE)).toBeTruthy();
    fireEvent.change(hours, { target: { value: '12' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add hours' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(NO_SUBSCRIPTION_SELECTED_MESSAGE));
    fireEvent.click(within(panel).getByRole('button', { name: 'Pause' }));
    expect(error).toHaveBeenLastCalledWith(NO_SUBSCRIPTION_SELECTED_MESSAGE);

    fireEvent.click(within(subs).getByRole('radio', { name: 'Pick subscription #501' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Add hours' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(HOURS_ADDED_MESSAGE));
    expect(api.last('PUT /api/shop/subscriptions/501/add-hours')?.url.searchParams.get('hours')).toBe('12');

    fireEvent.click(within(panel).getByRole('button', { name: 'Pause' }));
    const confirm = await screen.findByRole('dialog', { name: /^Pause Sailor's Compass/ });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Pause 14 days' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(SUBSCRIPTION_PAUSED_MESSAGE));
    expect(api.last('PUT /api/shop/subscriptions/501/pause')?.url.searchParams.get('days')).toBe('14');
  });
});

describe('adjustmentNote', () => {
  it('says how many credits are booked, either way, and nothing without a change', () => {
    expect(adjustmentNote(100, 1600)).toBe('+1,500 credits will be booked as an adjustment');
    expect(adjustmentNote(100, 99)).toBe('\u22121 credit will be booked as an adjustment');
    expect(adjustmentNote(100, 100)).toBeNull();
    expect(adjustmentNote(100, null)).toBeNull();
    expect(adjustmentNote(100, Number.NaN)).toBeNull();
  });
});
