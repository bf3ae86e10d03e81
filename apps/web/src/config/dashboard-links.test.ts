import { describe, expect, it } from 'vitest';
import { getDashboardLinksFor } from './dashboard-links.ts';

describe('getDashboardLinksFor', () => {
  it('gives a customer only My Account', () => {
    expect(getDashboardLinksFor(['CUSTOMER'])).toEqual([
      { name: 'My Account', route: '/account', requiredRoles: ['CUSTOMER'] },
    ]);
  });

  it('maps each staff role to its panel, in menu order', () => {
    const names = getDashboardLinksFor(['CUSTOMER', 'PAYMENTS', 'STAFF', 'DEVELOPER']).map(
      (link) => link.name,
    );
    expect(names).toEqual(['My Account', 'Dev Panel', 'Session logs', 'Orders']);
  });

  // The demo accounts' roles (every account also has CUSTOMER).
  it.each([
    [
      'owner',
      ['OWNER', 'ADMIN', 'DEVELOPER', 'PREMIUM_DEVELOPER', 'STAFF', 'PAYMENTS'],
      ['My Account', 'Owner Panel', 'Admin Panel', 'Dev Panel', 'Session logs', 'Orders'],
    ],
    ['admin', ['ADMIN'], ['My Account', 'Admin Panel']],
    ['payments', ['PAYMENTS'], ['My Account', 'Orders']],
    ['staff', ['STAFF'], ['My Account', 'Session logs']],
    ['developer', ['DEVELOPER'], ['My Account', 'Dev Panel']],
    ['premium', ['DEVELOPER', 'PREMIUM_DEVELOPER'], ['My Account', 'Dev Panel']],
    ['vip', ['VIP'], ['My Account']],
    ['customer', [], ['My Account']],
  ] as const)('gives %s exactly their panels', (_account, roles, expected) => {
    expect(getDashboardLinksFor(['CUSTOMER', ...roles]).map((link) => link.name)).toEqual(expected);
  });

  it('gives nobody a link without a role', () => {
    expect(getDashboardLinksFor([])).toEqual([]);
  });
});
