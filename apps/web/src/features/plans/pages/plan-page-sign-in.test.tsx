import type { SubCount } from '@ember/contracts/catalog';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../lib/auth/auth-context.ts';
import { readCookie } from '../../../lib/cookies.ts';
import { renderWithProviders, TEST_SIGN_IN_HREF } from '../../../test/render.tsx';
import { customer } from '../../../test/test-users.ts';
import { planDetailFixture, priceFixture, subCountFixture } from '../test/plan-fixtures.ts';
import { mockPlan, option } from '../test/plan-page-harness.ts';
import PlanPage from './plan-page.tsx';

const plan = planDetailFixture({
  prices: [
    priceFixture({ id: 1, name: 'Monthly', price: 650 }),
    priceFixture({ id: 2, name: 'Yearly', period: 'YEARLY', price: 4200, finalPrice: 3780 }),
  ],
});

async function openPlan(user: SessionUser | null, subCounts: SubCount[] = []) {
  mockPlan(plan, subCounts);
  const view = renderWithProviders(
    <Routes>
      <Route path="/shop/:id" element={<PlanPage />} />
    </Routes>,
    { route: '/shop/10', user: user ?? undefined },
  );
  await screen.findByRole('heading', { level: 1, name: plan.name });
  return view;
}

const radioOf = (priceId: number) => option(priceId).querySelector('input') as HTMLInputElement;
const terms = () =>
  screen.getByRole('checkbox', { name: /I agree to the terms of service/ }) as HTMLInputElement;
const code = () => screen.getByLabelText('Discount code') as HTMLInputElement;

/** A guest picks Yearly, ticks the terms, types a code, then presses `button` (kept from navigating). */
async function chooseAsGuestAndPress(button: 'Purchase' | 'Gift') {
  const view = await openPlan(null);
  fireEvent.click(radioOf(2));
  fireEvent.click(terms());
  fireEvent.change(code(), { target: { value: 'SPRING10' } });
  const link = screen.getByRole('link', { name: button });
  expect(link.getAttribute('href')).toBe(TEST_SIGN_IN_HREF);
  link.addEventListener('click', (event) => event.preventDefault());
  fireEvent.click(link);
  view.unmount();
}

beforeEach(() => {
  window.sessionStorage.clear();
});

describe("a guest's choice across sign-in", () => {
  it('comes back with the option, the terms ticked and the discount code after signing in', async () => {
    await chooseAsGuestAndPress('Purchase');
    // Back to this page after signing in, and nothing of the choice in an address the server logs.
    expect(readCookie('redirectUri')).toBe('/shop/10');

    await openPlan(customer);
    expect(radioOf(2).checked).toBe(true);
    expect(radioOf(1).checked).toBe(false);
    expect(terms().checked).toBe(true);
    expect(code().value).toBe('SPRING10');
    expect(screen.getByTestId('kept-choice-note').textContent).toBe(
      'Welcome back: your choice is kept. Check it, then press Purchase.',
    );
  });

  it('waits for the sign-in: a guest back on the page (browser Back) sees it as rendered, and the choice stays kept', async () => {
    await chooseAsGuestAndPress('Purchase');
    const guest = await openPlan(null);
    expect(radioOf(1).checked).toBe(true);
    expect(screen.queryByTestId('kept-choice-note')).toBeNull();
    guest.unmount();

    await openPlan(customer);
    expect(radioOf(2).checked).toBe(true);
    expect(terms().checked).toBe(true);
  });

  it('says Gift when the guest had pressed Gift', async () => {
    await chooseAsGuestAndPress('Gift');
    await openPlan(customer);
    expect(radioOf(2).checked).toBe(true);
    expect(screen.getByTestId('kept-choice-note').textContent).toBe(
      'Welcome back: your choice is kept. Check it, then press Gift.',
    );
  });

  it('is shown once: the next visit of the page starts afresh', async () => {
    await chooseAsGuestAndPress('Purchase');
    const back = await openPlan(customer);
    expect(radioOf(2).checked).toBe(true);
    back.unmount();

    await openPlan(customer);
    expect(radioOf(1).checked).toBe(true);
    expect(terms().checked).toBe(false);
    expect(screen.queryByTestId('kept-choice-note')).toBeNull();
  });

  it('says so when the option chosen is sold out by the time the guest is back', async () => {
    await chooseAsGuestAndPress('Purchase');
    await openPlan(customer, [
      subCountFixture({ priceId: 2, slots: 2, subCount: 2, occupancy: 1, full: true }),
    ]);
    await waitFor(() => expect(radioOf(1).checked).toBe(true));
    expect(screen.getByTestId('kept-choice-note').textContent).toBe(
      'Welcome back. The option you chose is no longer on sale: choose another.',
    );
  });

  it('ignores a kept choice that is stale or not one', async () => {
    const key = 'ember.sign-in-choice:/shop/10';
    const choice = { priceId: 2, acceptedTerms: true, discountCode: 'SPRING10', action: 'purchase' };
    window.sessionStorage.setItem(key, JSON.stringify({ savedAt: Date.now() - 2 * 3_600_000, choice }));
    const stale = await openPlan(customer);
    expect(radioOf(1).checked).toBe(true);
    stale.unmount();

    window.sessionStorage.setItem(key, JSON.stringify({ savedAt: Date.now(), choice: { priceId: 'x' } }));
    await openPlan(customer);
    expect(radioOf(1).checked).toBe(true);
    expect(terms().checked).toBe(false);
    expect(screen.queryByTestId('kept-choice-note')).toBeNull();
  });
});
