import type { PlanResponse } from '@ember/contracts/catalog';

/** A listed plan as GET shop /plans answers it. */
export function planFixture(overrides: Partial<PlanResponse> = {}): PlanResponse {
  const id = overrides.id ?? 1;
  return {
    id,
    name: `Plan ${id}`,
    description: `## Plan ${id}\n\nDoes things.`,
    imageUrl: null,
    tags: ['skilling'],
    forumLink: `https://forum.example/threads/${id}`,
    ownerId: 1,
    ownerName: 'Mossforge Studios',
    ownerDiscordId: '314159265358979301',
    labels: [{ id: 1, name: 'Agility', icon: 'agility' }],
    hidden: false,
    enabled: true,
    promoDiscount: 0,
    promoExtraDays: 0,
    fromPrice: 100 * id,
    ratingAverage: null,
    ratingCount: 0,
    ...overrides,
  };
}

export const plansFixture = (count: number, from = 1): PlanResponse[] =>
  Array.from({ length: count }, (_, index) => planFixture({ id: from + index }));
