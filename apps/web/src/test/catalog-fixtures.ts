import type { PlanResponse, PriceResponse } from '@ember/contracts/catalog';

// A plan and a price as the developer's dashboards read them; tests name what differs.

export const planResponseFixture = (overrides: Partial<PlanResponse> = {}): PlanResponse => ({
  id: 4,
  name: 'Trail Blazer',
  description: 'Walks every trail.',
  imageUrl: null,
  tags: [],
  forumLink: null,
  ownerId: 7,
  ownerName: 'Devon Developer',
  ownerDiscordId: '314159265358979301',
  labels: [],
  hidden: false,
  enabled: true,
  promoDiscount: 0,
  promoExtraDays: 0,
  fromPrice: 500,
  ratingAverage: null,
  ratingCount: 0,
  ...overrides,
});

export const priceResponseFixture = (overrides: Partial<PriceResponse> = {}): PriceResponse => ({
  id: 61,
  planId: 4,
  ownerId: 7,
  name: 'Monthly',
  description: '',
  period: 'MONTHLY',
  price: 300,
  finalPrice: null,
  promoDiscountPercent: 0,
  promoExtraDays: 0,
  vipOnly: false,
  extensionPrice: null,
  extensionAllowed: false,
  slots: null,
  exposeSubCount: false,
  enabled: true,
  hidden: false,
  ...overrides,
});
