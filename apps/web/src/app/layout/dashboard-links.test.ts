import { ROLES } from '@ember/contracts/enums';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths.ts';
import { hasAnyRole } from '../../lib/auth/has-any-role.ts';
import { DASHBOARD_LINKS, getDashboardLinksFor } from './dashboard-links.ts';

/** The route declaration behind a link's href. */
function routeOf(href: string) {
  const route = Object.values(paths).find((candidate) => candidate.path === href);
  if (!route) throw new Error(`No route for ${href}`);
  return route;
}

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

  it.each(ROLES)('never offers a user with only CUSTOMER + %s a page its route would refuse', (role) => {
    const roles = ['CUSTOMER' as const, role];
    for (const link of getDashboardLinksFor(roles)) {
      expect(hasAnyRole(roles, routeOf(link.route).meta.roles ?? []), link.route).toBe(true);
    }
  });

  it('takes the roles of each role-gated dashboard from its route declaration', () => {
    const gated = DASHBOARD_LINKS.filter((link) => routeOf(link.route).meta.roles);
    expect(gated.map((link) => [link.name, link.requiredRoles])).toEqual([
      ['Owner Panel', ['OWNER']],
      ['Admin Panel', ['ADMIN']],
      ['Dev Panel', ['DEVELOPER', 'PREMIUM_DEVELOPER']],
      ['Orders', ['PAYMENTS']],
    ]);
    for (const link of gated) expect(link.requiredRoles).toBe(routeOf(link.route).meta.roles);
  });
});
