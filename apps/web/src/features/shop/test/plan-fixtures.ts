import type { PlanResponse } from '@ember/contracts/catalog';
import { planResponseFixture } from '../../../test/catalog-fixtures.ts';

/** A listed plan as GET shop /plans answers it. */
export function planFixture(overrides: Partial<PlanResponse> = {}): PlanResponse {
  const id = overrides.id ?? 1;
  return planResponseFixture({
    id,
    name: `Plan ${id}`,
    description: `## Plan ${id}\n\nDoes things.`,
    tags: ['skilling'],
    forumLink: `https://forum.example/threads/${id}`,
    ownerId: 1,
    ownerName: 'Mossforge Studios',
    labels: [{ id: 1, name: 'Agility', icon: 'agility' }],
    fromPrice: 100 * id,
    ...overrides,
  });
}

export const plansFixture = (count: number, from = 1): PlanResponse[] =>
  Array.from({ length: count }, (_, index) => planFixture({ id: from + index }));
