import { PLAN_LABELS } from '@ember/contracts/labels';
import type { Suggestions } from '@ember/contracts/shop-suggestions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import ShopPage from '../pages/shop-page.tsx';
import { plansFixture } from '../test/plan-fixtures.ts';

const FOUND: Suggestions = {
  plans: [
    { id: 11, name: 'Zephyr Auto-Fighter' },
    { id: 12, name: 'Quiet zephyr miner' },
  ],
  developers: [{ id: 7, name: 'Zephyrine Tools' }],
};

function renderShop() {
  const api = mockApi({
    'GET /api/shop/plans': () => json({ content: plansFixture(3), totalPages: 1, totalElements: 3 }),
    'GET /api/shop/labels': () => json(PLAN_LABELS),
    'GET /api/shop/plans/developers': () => json([]),
    'GET /api/shop/plans/suggestions': () => json(FOUND),
  });
  renderWithProviders(
    <Routes>
      <Route path="/shop" element={<ShopPage />} />
      <Route path="/shop/:id" element={<p>plan page</p>} />
      <Route path="/shop/developers/:id" element={<p>developer page</p>} />
    </Routes>,
    { route: '/shop' },
  );
  return api;
}

async function typeInSearch(text: string) {
  const field = await screen.findByRole('combobox', { name: 'Search plugins' });
  fireEvent.focus(field);
  fireEvent.change(field, { target: { value: text } });
  await screen.findByRole('option', { name: 'Zephyr Auto-Fighter' });
  return field;
}

describe('suggestions in the shop search (a WAI-ARIA combobox)', () => {
  it('lists plugins and developers as one types, asking the server with the typed text', async () => {
    const api = renderShop();
    const field = await typeInSearch('Zep');
    expect(field.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox', { name: 'Suggestions' });
    expect(within(list).getByRole('group', { name: 'Developers' })).toBeTruthy();
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Zephyr Auto-Fighter', 'Quiet zephyr miner', 'Zephyrine Tools']);
    expect(api.last('GET /api/shop/plans/suggestions')?.url.searchParams.get('q')).toBe('zep');
  });

  it('moves with the arrow keys (focus stays in the field) and opens the choice with Enter', async () => {
    renderShop();
    const field = await typeInSearch('zep');
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    const first = screen.getByRole('option', { name: 'Zephyr Auto-Fighter' });
    expect(field.getAttribute('aria-activedescendant')).toBe(first.id);
    expect(first.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(field.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: 'Quiet zephyr miner' }).id,
    );
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/shop/developers/7'));
  });

  it('closes with Escape, keeping the text', async () => {
    renderShop();
    const field = await typeInSearch('zep');
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(field.getAttribute('aria-activedescendant')).toBeNull();
    expect((field as HTMLInputElement).value).toBe('zep');
  });
});
