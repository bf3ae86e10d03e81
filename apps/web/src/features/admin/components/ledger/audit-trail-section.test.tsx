import type { AdminUserResponse } from '@ember/contracts/admin-users';
import { type AuditEventResponse, DATE_RANGE_ORDER_MESSAGE } from '@ember/contracts/audit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../../test/mock-api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { vipOwner } from '../../../../test/test-users.ts';
import AuditTrailSection from './audit-trail-section.tsx';
import { changesOf, jsonText } from './change-diff.tsx';

const LIST = 'GET /api/shop/admin/audit-events';

const event = (overrides: Partial<AuditEventResponse> = {}): AuditEventResponse => ({
  id: 31,
  actor: { id: 2, username: 'admin', displayName: 'Ada Admin' },
  actorRole: 'ADMIN',
  label: 'Updated Carl',
  action: 'user:update',
  targetKind: 'USER',
  targetId: '11',
  before: { username: 'carl', balance: 100 },
  after: { username: 'carl2', balance: 250 },
  requestId: 'req-1',
  ip: '127.0.0.1',
  createdAt: '2026-11-24T09:30:00.000Z',
  ...overrides,
});

const user = (id: number, username: string, displayName: string): AdminUserResponse => ({
  id,
  username,
  displayName,
  discordId: `10000000000000000${id}`,
  registrationDate: '2026-01-02T10:00:00.000Z',
  vipUntil: null,
  vip: false,
  balance: 0,
  earnings: 0,
  roles: ['CUSTOMER'],
  enabled: true,
  transferredToId: null,
  heldAt: null,
});

afterEach(() => {
  vi.restoreAllMocks();
});

const params = (api: ReturnType<typeof mockApi>) =>
  Object.fromEntries(api.last(LIST)?.url.searchParams ?? []);

describe('AuditTrailSection', () => {
  it('lists events in words, with the raw record only in the details', async () => {
    mockApi({
      [LIST]: () =>
        json({
          content: [
            event(),
            event({
              id: 30,
              actor: null,
              actorRole: 'SYSTEM',
              label: 'Confirmed payout #6 to Ironbark',
              action: 'payout:confirm',
              targetKind: 'PAYOUT',
              targetId: '6',
              before: null,
              after: null,
            }),
          ],
          totalPages: 1,
        }),
    });
    renderWithProviders(<AuditTrailSection />, { user: vipOwner });
    expect(screen.getByRole('heading', { level: 2, name: 'Audit trail' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    const first = (await within(table).findByRole('rowheader', { name: 'Updated Carl' })).closest(
      'tr',
    ) as HTMLElement;
    const second = within(table)
      .getByRole('rowheader', { name: 'Confirmed payout #6 to Ironbark' })
      .closest('tr') as HTMLElement;
    expect(within(first).getByText('Ada Admin')).toBeTruthy();
    expect(within(second).getByText('System')).toBeTruthy();
    // No codes in the table.
    expect(within(table).queryByText('user:update')).toBeNull();
    expect(within(table).queryByText('ADMIN')).toBeNull();

    fireEvent.click(within(first).getByRole('button', { name: 'Details of Updated Carl' }));
    const dialog = await screen.findByRole('dialog', { name: 'Updated Carl' });
    expect(within(dialog).getByText('user:update')).toBeTruthy();
    expect(within(dialog).getByText('ADMIN')).toBeTruthy();
    expect(within(dialog).getByText('USER 11')).toBeTruthy();
    expect(within(dialog).getByText('req-1')).toBeTruthy();
    const details = within(dialog).getByText('Changes (2)').closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(true);
    const values = within(details)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(values).toEqual(['before: "carl"', 'after: "carl2"', 'before: 100', 'after: 250']);
  });

  it('filters on the server by an actor picked by name, an action, a target and a range of days', async () => {
    const api = mockApi({
      [LIST]: () => json({ content: [event()], totalPages: 1 }),
      'GET /api/shop/users': () =>
        json({ content: [user(7, 'ironbark', 'Ironbark'), user(8, 'ironclad', '')], totalPages: 1 }),
    });
    renderWithProviders(<AuditTrailSection />, { user: vipOwner });
    await screen.findByRole('rowheader', { name: 'Updated Carl' });
    expect(params(api)).toEqual({ page: '0', size: '10' });

    const actor = screen.getByRole('combobox', { name: 'Actor' });
    fireEvent.change(actor, { target: { value: 'iron' } });
    const list = await screen.findByRole('listbox', { name: 'Accounts' });
    // The list opens with the search; the request for it goes out just after (checked once answered).
    await within(list).findByRole('option', { name: /Ironbark/ });
    expect(api.last('GET /api/shop/users')?.url.searchParams.get('search')).toBe('iron');
    fireEvent.keyDown(actor, { key: 'ArrowDown' });
    expect(actor.getAttribute('aria-activedescendant')).toBe(
      within(list).getByRole('option', { name: /ironclad/ }).id,
    );
    fireEvent.keyDown(actor, { key: 'ArrowUp' });
    fireEvent.keyDown(actor, { key: 'Enter' });
    await waitFor(() => expect(params(api).actorId).toBe('7'));
    expect(screen.getByRole('group', { name: 'Actor' }).textContent).toContain('Ironbark');

    fireEvent.change(screen.getByRole('combobox', { name: 'Action' }), {
      target: { value: 'payout:confirm' },
    });
    expect((screen.getByRole('option', { name: 'Confirmed a payout' }) as HTMLOptionElement).selected).toBe(
      true,
    );
    await waitFor(() => expect(params(api).action).toBe('payout:confirm'));

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-02' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-03' } });
    // The admin's own days: from the first one's midnight to the midnight after the last.
    await waitFor(() => expect(params(api).to).toBe(new Date(2026, 10, 4).toISOString()));
    expect(params(api)).toEqual({
      page: '0',
      size: '10',
      actorId: '7',
      action: 'payout:confirm',
      from: new Date(2026, 10, 2).toISOString(),
      to: new Date(2026, 10, 4).toISOString(),
    });

    const targetId = screen.getByRole('textbox', { name: 'Target ID' }) as HTMLInputElement;
    expect(targetId.disabled).toBe(true);
    fireEvent.change(screen.getByRole('combobox', { name: 'Target' }), { target: { value: 'USER' } });
    await waitFor(() => expect(params(api).targetKind).toBe('USER'));
    fireEvent.change(targetId, { target: { value: '11' } });
    await waitFor(() => expect(params(api).targetId).toBe('11'));

    fireEvent.click(screen.getByRole('button', { name: 'Clear actor Ironbark' }));
    await waitFor(() => expect(params(api).actorId).toBeUndefined());
  });

  it('explains a range that ends before it starts instead of sending it', async () => {
    const api = mockApi({ [LIST]: () => json({ content: [], totalPages: 0 }) });
    renderWithProviders(<AuditTrailSection />, { user: vipOwner });
    expect(await screen.findByText('No staff action recorded yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-05' } });
    await waitFor(() => expect(params(api).from).toBeDefined());
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    expect(await screen.findByText(DATE_RANGE_ORDER_MESSAGE)).toBeTruthy();
    expect(params(api).to).toBeUndefined();
  });
});

describe('changesOf', () => {
  it('pairs the fields of before and after, a field missing on one side shown as —', () => {
    expect(changesOf({ a: 1 }, { a: 2, b: [1] })).toEqual([
      { field: 'a', before: 1, after: 2 },
      { field: 'b', before: undefined, after: [1] },
    ]);
    expect(changesOf(null, { state: 'retry' })).toEqual([
      { field: 'state', before: undefined, after: 'retry' },
    ]);
    expect(changesOf([1], 'x')).toEqual([{ field: 'value', before: [1], after: 'x' }]);
    expect(changesOf(null, null)).toEqual([]);
    expect(jsonText(undefined)).toBe('—');
    expect(jsonText('<b>hi</b>')).toBe('"<b>hi</b>"');
    expect(jsonText({ nested: { ok: true } })).toBe('{"nested":{"ok":true}}');
  });
});
