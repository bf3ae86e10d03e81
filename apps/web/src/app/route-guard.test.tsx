import type { Role } from '@ember/contracts/enums';
import { screen } from '@testing-library/react';
import { useNavigationType } from 'react-router';
import { describe, expect, it } from 'vitest';
import { planDetailFixture, priceFixture } from '../features/plans/test/plan-fixtures.ts';
import type { SessionUser } from '../lib/auth/auth-context.ts';
import { json, mockApi } from '../test/mock-api.ts';
import { renderWithProviders } from '../test/render.tsx';
import { customer } from '../test/test-users.ts';
import { AppRoutes } from './routes.tsx';

/** A signed-in user with CUSTOMER (every account has it) plus `roles`. */
function userWith(...roles: Role[]): SessionUser {
  return { ...customer, roles: ['CUSTOMER', ...roles] };
}

function currentPath() {
  return screen.getByTestId('location').textContent;
}

/** Plan 4 and its price 9, owned by the signed-in test user (the dashboards check ownership from them). */
const { plugins: _plugins, ...price9 } = priceFixture({ id: 9, planId: 4, ownerId: customer.id });
const DASHBOARD_API = {
  'GET /api/shop/plans/4': () => json(planDetailFixture({ id: 4, ownerId: customer.id, prices: [] })),
  'GET /api/shop/prices/9': () => json(price9),
  'GET /api/shop/plugin-repos/5': () =>
    json({
      id: 5,
      ownerId: customer.id,
      url: 'https://git.example.com/me/plugins.git',
      obfuscation: 'NONE',
      obfuscatorConfig: null,
      storm2: false,
      hasAccessToken: false,
      pluginCount: 0,
      createdAt: '2026-11-01T12:00:00.000Z',
    }),
};

/** Each role-gated page of spec §2, its heading, the roles that may open it and some that may not. */
const GATED: ReadonlyArray<{ route: string; heading: string; allowed: Role[]; denied: Role[] }> = [
  { route: '/admin', heading: 'Admin Panel', allowed: ['ADMIN'], denied: ['OWNER', 'STAFF'] },
  { route: '/owner', heading: 'Owner Panel', allowed: ['OWNER'], denied: ['ADMIN', 'PAYMENTS'] },
  { route: '/orders', heading: 'Orders', allowed: ['PAYMENTS'], denied: ['ADMIN', 'STAFF'] },
  {
    route: '/developer',
    heading: 'Developer Dashboard',
    allowed: ['DEVELOPER', 'PREMIUM_DEVELOPER'],
    denied: ['ADMIN', 'VIP'],
  },
  {
    route: '/developer/repository/5',
    heading: 'git.example.com/me/plugins.git',
    allowed: ['DEVELOPER'],
    denied: ['ADMIN', 'OWNER'],
  },
  {
    route: '/developer/plan/4',
    heading: "Sailor's Compass",
    allowed: ['DEVELOPER', 'ADMIN'],
    denied: ['PAYMENTS', 'STAFF'],
  },
  {
    route: '/developer/plan/4/price/9',
    heading: 'Option 9',
    allowed: ['DEVELOPER', 'PREMIUM_DEVELOPER', 'ADMIN'],
    denied: ['OWNER', 'VIP'],
  },
];

const mayOpen = GATED.flatMap(({ route, heading, allowed }) =>
  allowed.map((role) => ({ route, heading, role })),
);
const mayNotOpen = GATED.flatMap(({ route, denied }) => [
  { route, roles: [] as Role[] },
  ...denied.map((role) => ({ route, roles: [role] })),
]);

async function expectAccountPage() {
  expect(await screen.findByRole('heading', { level: 1, name: /^My Account/ })).toBeTruthy();
  expect(currentPath()).toBe('/account');
}

describe('role-gated routes', () => {
  it.each(mayOpen)('let a user with $role open $route', async ({ route, heading, role }) => {
    mockApi(DASHBOARD_API);
    renderWithProviders(<AppRoutes />, { route, user: userWith(role) });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(currentPath()).toBe(route);
  });

  it.each(mayNotOpen)(
    'send a user with CUSTOMER + $roles from $route to /account',
    async ({ route, roles }) => {
      mockApi({});
      renderWithProviders(<AppRoutes />, { route, user: userWith(...roles) });
      await expectAccountPage();
    },
  );

  it.each(GATED.map(({ route }) => route))('send a guest who opens %s to the landing page', async (route) => {
    renderWithProviders(<AppRoutes />, { route });
    expect(await screen.findByRole('heading', { level: 1, name: /Plugins built for/ })).toBeTruthy();
    expect(currentPath()).toBe('/');
  });

  it.each(GATED.map(({ route }) => route))('wait on %s while the session is being checked', async (route) => {
    renderWithProviders(<AppRoutes />, { route, loading: true });
    expect(await screen.findByText('Checking your session')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(currentPath()).toBe(route);
  });

  it('replace the refused page in the history, so Back does not return to it', async () => {
    function NavigationType() {
      return <output data-testid="navigation-type">{useNavigationType()}</output>;
    }
    mockApi({});
    renderWithProviders(
      <>
        <AppRoutes />
        <NavigationType />
      </>,
      { route: '/admin', user: customer },
    );
    await expectAccountPage();
    expect(screen.getByTestId('navigation-type').textContent).toBe('REPLACE');
  });

  it('let any signed-in user open the session logs (spec §6: no role check on the screen)', async () => {
    renderWithProviders(<AppRoutes />, { route: '/session-logs', user: customer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Session logs' })).toBeTruthy();
    expect(currentPath()).toBe('/session-logs');
  });
});
