import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { planDetailFixture } from '../features/plans/test/plan-fixtures.ts';
import { readCookie } from '../lib/cookies.ts';
import { notify } from '../lib/toast/notify.ts';
import { json, mockApi } from '../test/mock-api.ts';
import { renderWithProviders } from '../test/render.tsx';
import { customer } from '../test/test-users.ts';
import { AppRoutes } from './routes.tsx';

function currentPath() {
  return screen.getByTestId('location').textContent;
}

describe('route guards', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['/account', 'Log in to see your account.'],
    ['/vip', 'Log in to see VIP.'],
    ['/products/credits', 'Log in to buy credits.'],
    ['/products/gp', 'Log in to buy GP.'],
    ['/developer/plan/4/price/9', 'Log in to open the Dev Panel.'],
    ['/session-logs', 'Log in to see the session logs.'],
    ['/admin', 'Log in to open the Admin Panel.'],
  ])('send a guest who opens %s to the landing page, saying why: %s', async (route, why) => {
    const toast = vi.spyOn(notify, 'error').mockResolvedValue();
    renderWithProviders(<AppRoutes />, { route });
    expect(await screen.findByRole('heading', { level: 1, name: /Plugins built for/ })).toBeTruthy();
    expect(currentPath()).toBe('/');
    await waitFor(() => expect(toast).toHaveBeenCalledExactlyOnceWith(why));
  });

  it('say nothing to a guest who opens the landing page on their own', async () => {
    const toast = vi.spyOn(notify, 'error').mockResolvedValue();
    renderWithProviders(<AppRoutes />, { route: '/' });
    await screen.findByRole('heading', { level: 1, name: /Plugins built for/ });
    expect(toast).not.toHaveBeenCalled();
  });

  it('remember the page a guest wanted, for after sign-in', async () => {
    renderWithProviders(<AppRoutes />, { route: '/vip' });
    await screen.findByRole('heading', { level: 1, name: /Plugins built for/ });
    expect(readCookie('redirectUri')).toBe('/vip');
  });

  it('send a signed-in user from the landing page to the shop', async () => {
    renderWithProviders(<AppRoutes />, { route: '/', user: customer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Plugins' })).toBeTruthy();
    expect(currentPath()).toBe('/shop');
  });

  it('let a signed-in user open a members-only page', async () => {
    mockApi({});
    renderWithProviders(<AppRoutes />, { route: '/account', user: customer });
    expect(await screen.findByRole('heading', { level: 1, name: /^My Account/ })).toBeTruthy();
    expect(currentPath()).toBe('/account');
  });

  it('let a guest browse public pages', async () => {
    mockApi({
      'GET /api/shop/plans/3': () => json(planDetailFixture({ id: 3, name: 'Free Essentials' })),
      'GET /api/shop/sub-counts/plan/3': () => json([]),
    });
    renderWithProviders(<AppRoutes />, { route: '/shop/3' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Free Essentials' })).toBeTruthy();
    expect(currentPath()).toBe('/shop/3');
  });
});

describe('unknown routes', () => {
  it('show the 404 page inside the layout', async () => {
    renderWithProviders(<AppRoutes />, { route: '/no/such/page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });
});
