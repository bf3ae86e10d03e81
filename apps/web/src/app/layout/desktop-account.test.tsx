import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { customer } from '../../test/test-users.ts';
import { setViewportWidth } from '../../test/viewport.ts';
import { SiteHeader } from './site-header.tsx';

// Alone in its file: the account controls' code must not be loaded by an earlier test.
describe('the desktop bar of a signed-in user', () => {
  it('shows the balance only together with the bell and the user menu, so neither moves it under a click', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ unread: 0 }));
    setViewportWidth(1280);
    renderWithProviders(<SiteHeader />, { user: customer });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const balance = await within(nav).findByRole('link', { name: 'Credits: 12,345' });
    expect(balance.getAttribute('href')).toBe('/products/credits');
    expect(within(nav).getByRole('link', { name: 'Notifications' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Casual Carl' })).toBeTruthy();
  });
});
