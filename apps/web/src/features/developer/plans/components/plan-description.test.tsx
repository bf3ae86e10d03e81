import type { PlanDetail, PlanResponse } from '@ember/contracts/catalog';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { planResponseFixture } from '../../../../test/catalog-fixtures.ts';
import { json, mockApi } from '../../../../test/mock-api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { developer } from '../../../../test/test-users.ts';
import { PlanInfoCard } from './plan-info-card.tsx';
import { PlansCard } from './plans-card.tsx';

// Issue 26, item 6: plan descriptions were flat text on the developer dashboards; they are
// rendered as on the plan page (the same Markdown component, raw HTML dropped).

const DESCRIPTION = '## Laps\n\n**Fast** laps on every [course](https://forum.example/t/1). <b>raw</b>';

const plan: PlanResponse = planResponseFixture({ id: 5, name: 'Rooftop Runner', description: DESCRIPTION });

async function expectRenderedMarkdown() {
  const description = screen.getByTestId('plan-description');
  expect((await within(description).findByText('Fast')).tagName).toBe('STRONG');
  expect(within(description).getByRole('heading', { name: 'Laps' })).toBeTruthy();
  expect(within(description).getByRole('link', { name: 'course' }).getAttribute('href')).toBe(
    'https://forum.example/t/1',
  );
  expect(description.textContent).not.toContain('**');
  expect(description.querySelector('b')).toBeNull();
}

describe('plan descriptions on the developer dashboards', () => {
  it('are markdown in the plans table', async () => {
    mockApi({ 'GET /api/shop/plans/my': () => json([plan]) });
    renderWithProviders(<PlansCard />, { user: developer });
    await screen.findByRole('link', { name: 'Rooftop Runner' });
    await expectRenderedMarkdown();
  });

  it('are markdown on the plan dashboard', async () => {
    renderWithProviders(<PlanInfoCard plan={plan as unknown as PlanDetail} isAdmin={false} />, {
      user: developer,
    });
    await expectRenderedMarkdown();
  });
});
