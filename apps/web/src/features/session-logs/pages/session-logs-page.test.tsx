import type { SessionLogResponse } from '@ember/contracts/session-logs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { customer } from '../../../test/test-users.ts';
import SessionLogsPage from './session-logs-page.tsx';

const LOGS = 'GET /api/shop/session-logs';
const staff = { ...customer, id: 12, username: 'staff', roles: ['CUSTOMER' as const, 'STAFF' as const] };

const logRow = (overrides: Partial<SessionLogResponse> = {}): SessionLogResponse => ({
  sessionId: '5b1f3c1e-8d2a-4c6b-9e1f-0a2b3c4d5e6f',
  discordId: '314159265358979310',
  pluginName: 'Rooftop Runner',
  lastUpdate: '2026-11-25T18:00:00.000Z',
  exceeded: false,
  ...overrides,
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SessionLogsPage', () => {
  it('shows staff the newest rows first with the spec’s columns', async () => {
    const api = mockApi({
      [LOGS]: () =>
        json({
          content: [
            logRow({
              sessionId: '7c2e4d2f-9e3b-4d7c-8f2a-1b3c4d5e6f70',
              pluginName: 'Fletcher',
              exceeded: true,
            }),
            logRow(),
          ],
          totalPages: 1,
          retentionDays: 90,
        }),
    });
    renderWithProviders(<SessionLogsPage />, { route: '/session-logs', user: staff });
    const table = await screen.findByRole('table', { name: 'Session logs' });
    await within(table).findByText('Fletcher');
    expect(Object.fromEntries(api.last(LOGS)?.url.searchParams ?? [])).toEqual({ page: '0', size: '10' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Session ID', 'Discord ID', 'Plugin Name', 'Last update', 'Exceeded']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first as HTMLElement).getByText('Fletcher')).toBeTruthy();
    expect(
      within(first as HTMLElement)
        .getByText('Yes')
        .closest('[data-tone]')
        ?.getAttribute('data-tone'),
    ).toBe('danger');
    expect(within(second as HTMLElement).getByText('No')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('314159265358979310')).toBeTruthy();
    expect(screen.getByText('Kept for 90 days after the session started.')).toBeTruthy();
  });

  it('pages on the server and filters by Discord ID', async () => {
    const api = mockApi({
      [LOGS]: (call) =>
        json({
          content: [logRow({ pluginName: `Plugin on page ${call.url.searchParams.get('page')}` })],
          totalPages: 3,
          retentionDays: 90,
        }),
    });
    renderWithProviders(<SessionLogsPage />, { route: '/session-logs', user: staff });
    await screen.findByRole('table', { name: 'Session logs' });
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.last(LOGS)?.url.searchParams.get('page')).toBe('1'));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter by Discord ID' }), {
      target: { value: '314159265358979310' },
    });
    await waitFor(() => expect(api.last(LOGS)?.url.searchParams.get('discordId')).toBe('314159265358979310'));
    expect(api.last(LOGS)?.url.searchParams.get('page')).toBe('0');
  });

  it('explains a Discord ID that is not a number instead of asking the server', async () => {
    const api = mockApi({ [LOGS]: () => json({ content: [], totalPages: 0, retentionDays: 90 }) });
    renderWithProviders(<SessionLogsPage />, { route: '/session-logs', user: staff });
    expect(await screen.findByText('No sessions have been logged yet.')).toBeTruthy();
    const before = api.calls.length;
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter by Discord ID' }), {
      target: { value: 'casey' },
    });
    expect((await screen.findByRole('alert')).textContent).toMatch(/A Discord ID is a number/);
    expect(api.calls.length).toBe(before);
  });

  it('shows a failed load with the reason and Try again', async () => {
    let fail = true;
    mockApi({
      [LOGS]: () =>
        fail
          ? json({ message: 'The database is busy.' }, 500)
          : json({ content: [logRow()], totalPages: 1, retentionDays: 90 }),
    });
    renderWithProviders(<SessionLogsPage />, { route: '/session-logs', user: staff });
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert.textContent).toMatch(/could not load the session logs/);
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Rooftop Runner')).toBeTruthy();
  });

  it('tells a customer the logs are for staff, without asking the server', async () => {
    const api = mockApi({});
    renderWithProviders(<SessionLogsPage />, { route: '/session-logs', user: customer });
    expect(screen.getByRole('heading', { level: 1, name: 'Session logs' })).toBeTruthy();
    expect(screen.getByText('Session logs are for staff.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to My Account' }).getAttribute('href')).toBe('/account');
    expect(screen.queryByRole('table')).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('shows the same refusal when the server refuses, and asks only once', async () => {
    const api = mockApi({ [LOGS]: () => json({ message: 'You do not have permission to do this.' }, 403) });
    renderWithProviders(<SessionLogsPage />, { route: '/session-logs', user: staff });
    expect(await screen.findByText('Session logs are for staff.')).toBeTruthy();
    expect(api.count(LOGS)).toBe(1);
  });
});
