import type { PlanResponse } from '@ember/contracts/catalog';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { planResponseFixture } from '../../../../test/catalog-fixtures.ts';
import { json, mockApi } from '../../../../test/mock-api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { developer } from '../../../../test/test-users.ts';
import { PlansCard } from './plans-card.tsx';

const plan = (id: number, overrides: Partial<PlanResponse>): PlanResponse =>
  planResponseFixture({ id, name: `Plan ${id}`, description: 'Does things.', ...overrides });

describe("the developer's plans", () => {
  it('marks each plan without a buyable price "Not on sale: add a price", and only those', async () => {
    mockApi({
      'GET /api/shop/plans/my': () =>
        json([
          plan(1, { name: 'Selling Plan' }),
          plan(2, { name: 'Priceless Plan', fromPrice: null }),
          plan(3, { name: 'Hidden Priceless Plan', fromPrice: null, hidden: true }),
          plan(4, { name: 'Free Plan', fromPrice: 0 }),
        ]),
    });
    renderWithProviders(<PlansCard />, { user: developer });
    const table = await screen.findByRole('table', { name: 'Plans' });
    const rowOf = async (name: string) => (await within(table).findByRole('link', { name })).closest('tr');
    const marked = async (name: string) =>
      within((await rowOf(name)) as HTMLElement).queryByText('Not on sale: add a price') !== null;
    expect(await marked('Selling Plan')).toBe(false);
    expect(await marked('Priceless Plan')).toBe(true);
    expect(await marked('Hidden Priceless Plan')).toBe(true);
    expect(await marked('Free Plan')).toBe(false);
  });

  it('skips a first heading that repeats the plan name, and keeps one that says something else', async () => {
    mockApi({
      'GET /api/shop/plans/my': () =>
        json([
          plan(1, { name: 'Agility Pro', description: '## Agility Pro\n\nRuns every rooftop course.' }),
          plan(2, { name: 'Fisher', description: '## Features\n\nCatches everything.' }),
        ]),
    });
    renderWithProviders(<PlansCard />, { user: developer });
    const table = await screen.findByRole('table', { name: 'Plans' });
    const descriptionOf = async (name: string) =>
      within((await within(table).findByRole('link', { name })).closest('tr') as HTMLElement).getByTestId(
        'plan-description',
      );
    const agility = await descriptionOf('Agility Pro');
    const fisher = await descriptionOf('Fisher');
    await within(agility).findByText('Runs every rooftop course.');
    expect(within(agility).queryByRole('heading')).toBeNull();
    expect(await within(fisher).findByRole('heading', { name: 'Features' })).toBeTruthy();
  });
});
