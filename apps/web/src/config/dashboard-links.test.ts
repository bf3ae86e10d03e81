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

  it('gives nobody a link without a role', () => {
    expect(getDashboardLinksFor([])).toEqual([]);
  });
});
