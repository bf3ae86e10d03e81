import type { PlanResponse } from '@ember/contracts/catalog';
import { describe, expect, it } from 'vitest';
import { planResponseFixture } from '../../../../test/catalog-fixtures.ts';
import { changedPlanBody, planFormSchema, planFormValuesOf } from './plan-form.ts';

const plan: PlanResponse = planResponseFixture({
  tags: ['trails', 'agility'],
  forumLink: 'https://forum.example/t/4',
  ownerDiscordId: '314159265358979307',
  fromPrice: null,
});

const parse = (overrides: Record<string, string> = {}) =>
  planFormSchema.parse({ ...planFormValuesOf(plan), ...overrides });

describe('edit plan (spec §5: only sent when a field changed)', () => {
  it('sends nothing when the form still holds the plan', () => {
    expect(changedPlanBody(plan, parse())).toBeNull();
    // Blanks around the same values are no change either.
    expect(changedPlanBody(plan, parse({ name: '  Trail Blazer ', tags: 'trails ,agility' }))).toBeNull();
  });

  it('sends the plan when any field changed', () => {
    expect(changedPlanBody(plan, parse({ name: 'Trail Blazer 2' }))).toMatchObject({
      name: 'Trail Blazer 2',
    });
    expect(changedPlanBody(plan, parse({ tags: 'trails' }))).toMatchObject({ tags: ['trails'] });
    expect(changedPlanBody(plan, parse({ forumLink: '' }))).toMatchObject({ forumLink: null });
    expect(changedPlanBody(plan, parse({ imageUrl: 'https://img.example/4.png' }))).toMatchObject({
      imageUrl: 'https://img.example/4.png',
    });
  });
});
