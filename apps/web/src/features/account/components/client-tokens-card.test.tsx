import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/toast/notify.ts';
import { inOrder, json, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { customer } from '../../../test/test-users.ts';
import { ClientTokensCard } from './client-tokens-card.tsx';

const LIST = 'GET /api/shop/client-tokens';
const desktop = {
  id: 4,
  name: 'Ember client on DESKTOP-1',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-25T18:00:00.000Z',
};
const laptop = {
  id: 5,
  name: 'Ember client on LAPTOP',
  createdAt: '2026-11-21T10:00:00.000Z',
  lastUsedAt: null,
};

const table = () => screen.getByRole('table', { name: 'Signed-in devices' });
const rowOf = (name: string) => within(table()).getByRole('rowheader', { name }).closest('tr') as HTMLElement;

describe('the signed-in devices card on /account', () => {
  it('lists each game client with when it signed in and was last used', async () => {
    mockApi({ [LIST]: () => json([laptop, desktop]) });
    renderWithProviders(<ClientTokensCard />, { user: customer });

    await screen.findByRole('rowheader', { name: desktop.name });
    const desktopRow = rowOf(desktop.name);
    const times = [...desktopRow.querySelectorAll('time')].map((time) => time.dateTime);
    expect(times).toEqual([desktop.createdAt, desktop.lastUsedAt]);
    expect(within(rowOf(laptop.name)).getByText('Never')).toBeTruthy();
  });

  it('signs a device out only after a confirmation that names it', async () => {
    const success = vi.spyOn(notify, 'success').mockResolvedValue();
    const api = mockApi({
      [LIST]: inOrder(
        () => json([desktop, laptop]),
        () => json([laptop]),
      ),
      'DELETE /api/shop/client-tokens/4': () => json({ message: 'Device signed out.' }),
    });
    renderWithProviders(<ClientTokensCard />, { user: customer });

    fireEvent.click(await screen.findByRole('button', { name: `Sign out ${desktop.name}` }));
    const dialog = screen.getByRole('dialog', { name: `Sign out ${desktop.name}?` });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.keys()).not.toContain('DELETE /api/shop/client-tokens/4');

    fireEvent.click(screen.getByRole('button', { name: `Sign out ${desktop.name}` }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: `Sign out ${desktop.name}?` })).getByRole('button', {
        name: 'Sign out',
      }),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith('Device signed out.'));
    await waitFor(() => expect(within(table()).queryByRole('rowheader', { name: desktop.name })).toBeNull());
    expect(rowOf(laptop.name)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.keys().filter((key) => key.startsWith('DELETE'))).toEqual([
      'DELETE /api/shop/client-tokens/4',
    ]);
  });

  it("shows the server's refusal of a sign-out", async () => {
    const error = vi.spyOn(notify, 'error').mockResolvedValue();
    mockApi({
      [LIST]: () => json([desktop]),
      'DELETE /api/shop/client-tokens/4': () => json({ message: 'No client token with id 4.' }, 404),
    });
    renderWithProviders(<ClientTokensCard />, { user: customer });

    fireEvent.click(await screen.findByRole('button', { name: `Sign out ${desktop.name}` }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('No client token with id 4.'));
  });

  it('says how to sign a client in when none is', async () => {
    mockApi({ [LIST]: () => json([]) });
    renderWithProviders(<ClientTokensCard />, { user: customer });

    expect(
      await screen.findByText(
        /No game clients are signed in\. Sign in from the client with the code it shows\./,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Enter a code' }).getAttribute('href')).toBe('/device');
  });
});
