import type { AuditEventResponse } from '@ember/contracts/audit';
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

afterEach(() => {
  vi.restoreAllMocks();
});

const params = (api: ReturnType<typeof mockApi>) =>
  Object.fromEntries(api.last(LIST)?.url.searchParams ?? []);

describe('AuditTrailSection', () => {
  it('lists events with when, actor and role, action, target and a closed changes disclosure', async () => {
    const api = mockApi({
      [LIST]: () =>
        json({
          content: [
            event(),
            event({
              id: 30,
              actor: null,
              actorRole: 'SYSTEM',
              action: 'order:expire',
              targetKind: 'DISCOUNT_CODE',
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
    await within(table).findByText('user:update');
    expect(params(api)).toEqual({ page: '0', size: '10' });
    const first = within(table).getByText('user:update').closest('tr') as HTMLElement;
    const second = within(table).getByText('order:expire').closest('tr') as HTMLElement;
    expect(within(first).getByText('Ada Admin')).toBeTruthy();
    expect(within(first).getByText('ADMIN')).toBeTruthy();
    expect(within(first).getByText('User #11')).toBeTruthy();
    expect(within(second).getByText('System')).toBeTruthy();
    expect(within(second).getByText('Discount code #11')).toBeTruthy();
    expect(within(second).getByText('No fields recorded')).toBeTruthy();

    const details = within(first).getByText('Changes (2)').closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    fireEvent.click(within(first).getByText('Changes (2)'));
    expect(details.open).toBe(true);
    const fields = within(details)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(fields).toEqual(['username', 'balance']);
    const values = within(details)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(values).toEqual(['before: "carl"', 'after: "carl2"', 'before: 100', 'after: 250']);
  });

  it('filters by actor, target and action on the server; a target id needs its kind', async () => {
    const api = mockApi({ [LIST]: () => json({ content: [event()], totalPages: 1 }) });
    renderWithProviders(<AuditTrailSection />, { user: vipOwner });
    await screen.findByText('user:update');
    fireEvent.change(screen.getByRole('textbox', { name: 'Actor ID' }), { target: { value: '2' } });
    await waitFor(() => expect(params(api).actorId).toBe('2'));
    const targetId = screen.getByRole('textbox', { name: 'Target ID' }) as HTMLInputElement;
    expect(targetId.disabled).toBe(true);
    fireEvent.change(screen.getByRole('combobox', { name: 'Target' }), { target: { value: 'USER' } });
    await waitFor(() => expect(params(api).targetKind).toBe('USER'));
    fireEvent.change(targetId, { target: { value: '11' } });
    await waitFor(() => expect(params(api).targetId).toBe('11'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Action' }), { target: { value: 'user:ban' } });
    await waitFor(() => expect(params(api).action).toBe('user:ban'));
    expect(params(api)).toEqual({
      page: '0',
      size: '10',
      actorId: '2',
      targetKind: 'USER',
      targetId: '11',
      action: 'user:ban',
    });
  });

  it('explains a malformed action under the field instead of sending it', async () => {
    const api = mockApi({ [LIST]: () => json({ content: [], totalPages: 0 }) });
    renderWithProviders(<AuditTrailSection />, { user: vipOwner });
    expect(await screen.findByText('No staff action recorded yet.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Action' }), { target: { value: 'ban user' } });
    expect(
      await screen.findByText(
        'The action looks like resource:verb, like plan:update or subscription:add-hours.',
      ),
    ).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(params(api).action).toBeUndefined();
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
