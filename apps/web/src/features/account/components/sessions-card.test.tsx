import type { SessionSummary } from '@ember/contracts/sessions';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { customer } from '../../../test/test-users.ts';
import { SessionsCard } from './sessions-card.tsx';

const SESSIONS = `GET /api/shop/sessions/by-user/${customer.id}`;

afterEach(() => {
  vi.restoreAllMocks();
});

/** As the server orders them: the client kinds, the product's own plans' plugins, then the rest. */
const summaries: SessionSummary[] = [
  { pluginId: 0, pluginName: 'Client', active: 1, max: 1 },
  { pluginId: 65535, pluginName: 'Next-gen client', active: 0, max: 1 },
  { pluginId: 40, pluginName: 'Zulu Zapper', active: 2, max: 0 },
  { pluginId: 7, pluginName: 'Aardvark Agility', active: 0, max: 3 },
];

describe('SessionsCard', () => {
  it("keeps the server's order, the product's own plans first, with plugin name, active and max", async () => {
    mockApi({ [SESSIONS]: () => json(summaries) });
    renderWithProviders(<SessionsCard userId={customer.id} />, { route: '/account', user: customer });
    const table = await screen.findByRole('table', { name: 'Sessions' });
    await within(table).findByRole('rowheader', { name: 'Zulu Zapper' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Plugin name', 'Active', 'Max']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Client', '1', '1'],
      ['Next-gen client', '0', '1'],
      ['Zulu Zapper', '2', 'Unlimited'],
      ['Aardvark Agility', '0', '3'],
    ]);
    expect(screen.getByRole('button', { name: 'Reset sessions' })).toBeTruthy();
  });
});
