import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../../lib/auth/auth-context.ts';
import { planResponseFixture, priceResponseFixture } from '../../../../test/catalog-fixtures.ts';
import { json, mockApi } from '../../../../test/mock-api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { customer, developer } from '../../../../test/test-users.ts';
import PriceDashboardPage from './price-dashboard-page.tsx';

const admin: SessionUser = { ...customer, id: 2, username: 'admin', roles: ['CUSTOMER', 'ADMIN'] };

const price = (ownerId: number) => priceResponseFixture({ id: 9, ownerId });

const plan = (ownerId: number) => ({
  ...planResponseFixture({
    ownerId,
    ownerName: 'Someone',
    ownerDiscordId: '314159265358979300',
    fromPrice: 300,
  }),
  prices: [],
  plugins: [],
});

function renderAt(route: string, user: SessionUser) {
  return renderWithProviders(
    <Routes>
      <Route path="/developer/plan/:planId/price/:priceId" element={<PriceDashboardPage />} />
      <Route path="/account" element={<h1>My Account</h1>} />
    </Routes>,
    { route, user },
  );
}

const currentPath = () => screen.getByTestId('location').textContent;

describe('the price dashboard (spec §2: the price owner or an admin; anyone else goes to /account)', () => {
  it("sends a developer who opens another developer's price to /account", async () => {
    mockApi({ 'GET /api/shop/prices/9': () => json(price(8)), 'GET /api/shop/plans/4': () => json(plan(8)) });
    renderAt('/developer/plan/4/price/9', developer);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Account' })).toBeTruthy();
    expect(currentPath()).toBe('/account');
  });

  it('sends a developer to /account when the price cannot be loaded (another developer’s hidden price)', async () => {
    mockApi({ 'GET /api/shop/prices/9': () => json({ message: 'No price with id 9.' }, 404) });
    renderAt('/developer/plan/4/price/9', developer);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Account' })).toBeTruthy();
  });

  it.each(['/developer/plan/4/price/abc', '/developer/plan/0/price/9', '/developer/plan/5/price/9'])(
    'sends %s (not numbers, or not this price’s plan) to /account',
    async (route) => {
      mockApi({ 'GET /api/shop/prices/9': () => json(price(7)) });
      renderAt(route, developer);
      expect(await screen.findByRole('heading', { level: 1, name: 'My Account' })).toBeTruthy();
    },
  );

  it('lets the owner and an admin stay, with the breadcrumbs Home > Developer Dashboard > plan > price', async () => {
    for (const [user, owner] of [
      [developer, 7],
      [admin, 8],
    ] as const) {
      mockApi({
        'GET /api/shop/prices/9': () => json(price(owner)),
        'GET /api/shop/plans/4': () => json(plan(owner)),
      });
      const view = renderAt('/developer/plan/4/price/9', user);
      expect(await screen.findByRole('heading', { level: 1, name: 'Monthly' })).toBeTruthy();
      const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
      expect(crumbs.textContent).toBe('HomeDeveloper DashboardTrail BlazerMonthly');
      expect(currentPath()).toBe('/developer/plan/4/price/9');
      view.unmount();
    }
  });
});
