import type { PlanDetail, PlanPrice, SubCount } from '@ember/contracts/catalog';
import { planResponseFixture, priceResponseFixture } from '../../../test/catalog-fixtures.ts';

export function priceFixture(overrides: Partial<PlanPrice> = {}): PlanPrice {
  const id = overrides.id ?? 1;
  return {
    ...priceResponseFixture({ id, planId: 10, ownerId: 1, name: `Option ${id}`, price: 650 }),
    plugins: [includedPluginFixture({ id: id * 100 })],
    ...overrides,
  };
}

/** A plugin included in a price: Compass, one session, unless overridden. */
export function includedPluginFixture(
  overrides: Partial<PlanPrice['plugins'][number]> = {},
): PlanPrice['plugins'][number] {
  return {
    id: 100,
    pluginId: 16,
    name: 'Compass',
    description: 'Charts routes.',
    sessionLimit: 1,
    obfuscatedByStore: false,
    ...overrides,
  };
}

/** Price 2: 4,200 credits a year, 3,780 with its 10% promotion. */
export const yearlyOnPromoFixture = (overrides: Partial<PlanPrice> = {}) =>
  priceFixture({
    id: 2,
    name: 'Yearly',
    period: 'YEARLY',
    price: 4200,
    finalPrice: 3780,
    promoDiscountPercent: 10,
    ...overrides,
  });

export function planDetailFixture(overrides: Partial<PlanDetail> = {}): PlanDetail {
  return {
    ...planResponseFixture({
      id: 10,
      name: "Sailor's Compass",
      description:
        "## Sailor's Compass\n\nCharts **sailing** routes, trims the sails and moves cargo between ports.\n\n### Features\n\n- Route planner",
      tags: ['sailing', 'early access'],
      forumLink: 'https://forum.example/threads/10',
      ownerId: 1,
      ownerName: 'Mossforge Studios',
      labels: [{ id: 20, name: 'Sailing', icon: 'sailing' }],
      fromPrice: 650,
      ratingAverage: 4.5,
      ratingCount: 2,
    }),
    prices: [priceFixture()],
    plugins: [
      {
        pluginId: 16,
        name: 'Compass',
        version: '1.4.0',
        updatedAt: '2026-11-20T10:00:00.000Z',
        changelog: [
          { version: '1.4.0', publishedAt: '2026-11-20T10:00:00.000Z', notes: 'Plans routes around storms.' },
          { version: '1.3.0', publishedAt: '2026-10-02T10:00:00.000Z', notes: null },
        ],
        screenshots: [],
        videoUrl: null,
      },
    ],
    ...overrides,
  };
}

export function subCountFixture(overrides: Partial<SubCount> & Pick<SubCount, 'priceId'>): SubCount {
  return {
    subCount: null,
    occupancy: null,
    slots: null,
    hidden: false,
    full: false,
    expiring: null,
    ...overrides,
  };
}
