import type { PlanDetail, SubCount } from '@ember/contracts/catalog';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../lib/auth/auth-context.ts';
import { readCookie } from '../../../lib/cookies.ts';
import { notify } from '../../../lib/toast/notify.ts';
import { json, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders, TEST_SIGN_IN_HREF } from '../../../test/render.tsx';
import { soldSubscriptionFixture } from '../../../test/subscription-fixture.ts';
import { customer } from '../../../test/test-users.ts';
import { OBFUSCATED_BY_STORE_EXPLAINED } from '../components/included-plugins.tsx';
import { TERMS_REQUIRED_MESSAGE } from '../components/purchase-panel.tsx';
import {
  includedPluginFixture,
  planDetailFixture,
  priceFixture,
  subCountFixture,
  yearlyOnPromoFixture,
} from '../test/plan-fixtures.ts';
import { confirmPurchase, type Handlers, mockPlan, option } from '../test/plan-page-harness.ts';
import PlanPage from './plan-page.tsx';

/** Signed in as a customer unless `user` is null (a guest). */
function renderPlanPage(route = '/shop/10', user: SessionUser | null = customer) {
  return renderWithProviders(
    <Routes>
      <Route path="/shop" element={<h1>Shop list</h1>} />
      <Route path="/shop/:id" element={<PlanPage />} />
    </Routes>,
    { route, user: user ?? undefined },
  );
}

const location = () => screen.getByTestId('location').textContent;

async function renderLoaded(
  plan: PlanDetail,
  subCounts: SubCount[] = [],
  user: SessionUser | null = customer,
  extra: Handlers = {},
) {
  const api = mockPlan(plan, subCounts, extra);
  const view = renderPlanPage(`/shop/${plan.id}`, user);
  await screen.findByRole('heading', { level: 1, name: plan.name });
  return { api, ...view };
}

/** A second included plugin, three sessions. */
const cargoPluginFixture = includedPluginFixture({
  id: 8,
  pluginId: 17,
  name: 'Cargo',
  description: 'Moves cargo.',
  sessionLimit: 3,
});

describe('the plan page', () => {
  it('shows breadcrumbs, the plan and its developer, labels and tags', async () => {
    await renderLoaded(planDetailFixture());
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(crumbs).getByRole('link', { name: 'Plugins' }).getAttribute('href')).toBe('/shop');
    expect(within(crumbs).getByText("Sailor's Compass").getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Mossforge Studios')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Skills' })).getByText('Sailing')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Tags' })).getByText('#early access')).toBeTruthy();
  });

  it('sets the title, meta description and keywords, and restores them on unmount', async () => {
    const description =
      document.head.querySelector('meta[name="description"]') ?? document.createElement('meta');
    description.setAttribute('name', 'description');
    description.setAttribute('content', 'The store.');
    document.head.append(description);

    const longText = `Charts sailing routes. ${'Trims the sails and moves cargo. '.repeat(10)}`;
    const { unmount } = await renderLoaded(
      planDetailFixture({ description: `## Sailor's Compass\n\n${longText}` }),
    );
    expect(document.title).toBe("Sailor's Compass · Ember");
    const content = description.getAttribute('content') ?? '';
    expect(content.startsWith('Charts sailing routes. Trims the sails')).toBe(true);
    expect(content.length).toBeLessThanOrEqual(155);
    expect(content.endsWith('…')).toBe(true);
    expect(document.head.querySelector('meta[name="keywords"]')?.getAttribute('content')).toBe(
      'sailing, early access, Sailing',
    );

    unmount();
    expect(description.getAttribute('content')).toBe('The store.');
    expect(document.head.querySelector('meta[name="keywords"]')).toBeNull();
  });

  it('renders the markdown description without raw HTML', async () => {
    await renderLoaded(
      planDetailFixture({
        description:
          '## Sailor\'s Compass\n\nCharts **routes**.\n\n<script>window.hacked = true</script>\n\n<img src=x onerror="window.hacked = true">\n\n<b>bold html</b>',
      }),
    );
    const about = screen
      .getByRole('heading', { name: 'About this plugin' })
      .closest('section') as HTMLElement;
    expect((await within(about).findByText('routes')).tagName).toBe('STRONG');
    expect(about.querySelector('script')).toBeNull();
    expect(about.querySelector('img')).toBeNull();
    expect(about.querySelector('b')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    // The heading repeating the plan name is not shown twice.
    expect(within(about).queryByRole('heading', { name: "Sailor's Compass" })).toBeNull();
  });

  it.each([
    ['no slots', {}, null],
    ['limited and visible', { slots: 25, subCount: 7, occupancy: 0.28 }, '7 of 25 slots taken'],
    ['limited and hidden', { slots: 100, hidden: true }, 'Limited slots'],
    ['full', { slots: 2, subCount: 2, occupancy: 1, full: true }, 'Sold out'],
  ] as const)('shows the slot state %s', async (_state, count, text) => {
    await renderLoaded(
      planDetailFixture({
        prices: [priceFixture({ id: 1, name: 'Weekly' }), priceFixture({ id: 2, name: 'Seats', slots: 5 })],
      }),
      [subCountFixture({ priceId: 1 }), subCountFixture({ priceId: 2, ...count })],
    );
    const seats = option(2);
    if (text === null) {
      await waitFor(() => expect(seats.textContent).not.toContain('Limited slots'));
      expect(seats.textContent).not.toMatch(/slots|Sold out/);
    } else {
      await waitFor(() => expect(seats.textContent).toContain(text));
    }
    const radio = within(seats).getByRole('radio') as HTMLInputElement;
    expect(radio.disabled).toBe(text === 'Sold out');
  });

  it('never preselects a sold-out option', async () => {
    await renderLoaded(
      planDetailFixture({ prices: [priceFixture({ id: 1, slots: 2 }), priceFixture({ id: 2 })] }),
      [subCountFixture({ priceId: 1, slots: 2, full: true }), subCountFixture({ priceId: 2 })],
    );
    await waitFor(() =>
      expect((within(option(2)).getByRole('radio') as HTMLInputElement).checked).toBe(true),
    );
    expect((within(option(1)).getByRole('radio') as HTMLInputElement).checked).toBe(false);
  });

  it('shows the period, the price, a promo price struck through, extra days and the VIP-only marker', async () => {
    await renderLoaded(
      planDetailFixture({
        prices: [
          priceFixture({ id: 1, name: 'Monthly', period: 'MONTHLY', price: 650 }),
          priceFixture({
            id: 2,
            name: 'Early access',
            period: 'LIFETIME',
            price: 4200,
            finalPrice: 3780,
            promoDiscountPercent: 10,
            promoExtraDays: 7,
            vipOnly: true,
          }),
          priceFixture({ id: 3, name: 'Trial', period: 'SIX_HOURS', price: 0 }),
        ],
      }),
    );
    expect(option(1).textContent).toContain('650 credits');
    expect(option(1).textContent).not.toContain('VIP only');
    const promo = option(2);
    expect(within(promo).getByText('Lifetime')).toBeTruthy();
    expect(promo.querySelector('del')?.textContent).toBe('Was 4,200 credits');
    expect(promo.textContent).toContain('Now 3,780 credits');
    expect(within(promo).getByText('-10%')).toBeTruthy();
    expect(within(promo).getByText('+7 days')).toBeTruthy();
    expect(within(promo).getByText('VIP only')).toBeTruthy();
    expect(within(option(3)).getByText('6 hours')).toBeTruthy();
    expect(option(3).textContent).toContain('Free');
  });

  it('offers a discount code only for a price with a final price', async () => {
    await renderLoaded(
      planDetailFixture({
        prices: [priceFixture({ id: 1, name: 'Monthly' }), yearlyOnPromoFixture()],
      }),
    );
    expect(screen.queryByLabelText('Discount code')).toBeNull();
    fireEvent.click(within(option(2)).getByRole('radio'));
    expect(screen.getByLabelText('Discount code')).toBeTruthy();
    expect(screen.getByTestId('checkout-total').textContent).toBe('3,780 credits');
    fireEvent.click(within(option(1)).getByRole('radio'));
    expect(screen.queryByLabelText('Discount code')).toBeNull();
  });

  it('lists the included plugins of the selected price, 0 sessions as Unlimited', async () => {
    await renderLoaded(
      planDetailFixture({
        prices: [
          priceFixture({ id: 1, name: 'Monthly' }),
          priceFixture({
            id: 2,
            name: 'Lifetime',
            plugins: [includedPluginFixture({ id: 7, sessionLimit: 0 }), cargoPluginFixture],
          }),
        ],
      }),
    );
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    fireEvent.click(within(option(2)).getByRole('radio'));
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'CompassCharts routes.Sessions Unlimited',
      'CargoMoves cargo.Sessions 3',
    ]);
  });

  it('says which included plugins the store obfuscates and what that means for trust', async () => {
    await renderLoaded(
      planDetailFixture({
        prices: [
          priceFixture({
            id: 1,
            name: 'Monthly',
            plugins: [
              includedPluginFixture({ id: 7, sessionLimit: 0, obfuscatedByStore: true }),
              cargoPluginFixture,
            ],
          }),
        ],
      }),
    );
    const [compass, cargo] = within(screen.getByRole('table')).getAllByRole('rowheader');
    expect(within(compass as HTMLElement).getByText('Obfuscated by the store')).toBeTruthy();
    // Keyboard users reach the explanation, and screen readers read it, without hovering.
    const anchor = within(compass as HTMLElement).getByText(OBFUSCATED_BY_STORE_EXPLAINED).parentElement;
    expect(anchor?.getAttribute('tabindex')).toBe('0');
    expect(cargo?.textContent).toBe('Cargo');
  });

  it('asks a signed-in buyer to agree to the terms before Purchase and Gift', async () => {
    const error = vi.spyOn(notify, 'error').mockResolvedValue();
    vi.spyOn(notify, 'success').mockResolvedValue();
    const { api } = await renderLoaded(planDetailFixture(), [], customer, {
      'POST /api/shop/subscriptions': () => json(soldSubscriptionFixture(), 201),
    });
    const terms = screen.getByRole('checkbox', { name: 'I agree to the terms of service' });
    expect(
      within(terms.parentElement as HTMLElement)
        .getByRole('link', { name: 'terms of service' })
        .getAttribute('href'),
    ).toBe('/tos');

    fireEvent.click(screen.getByRole('button', { name: 'Purchase' }));
    await waitFor(() => expect(terms.getAttribute('aria-invalid')).toBe('true'));
    // Once, at the box (issue 26, item 6): not also as a toast.
    expect(screen.getAllByText(TERMS_REQUIRED_MESSAGE)).toHaveLength(1);
    expect(TERMS_REQUIRED_MESSAGE).toBe('Please agree to the terms of service');
    fireEvent.click(screen.getByRole('button', { name: 'Gift' }));
    await waitFor(() => expect(screen.getAllByText(TERMS_REQUIRED_MESSAGE)).toHaveLength(1));
    expect(error).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.keys().filter((key) => key.startsWith('POST'))).toEqual([]);

    fireEvent.click(terms);
    fireEvent.click(screen.getByRole('button', { name: 'Purchase' }));
    await confirmPurchase();
    await waitFor(() => expect(api.keys()).toContain('POST /api/shop/subscriptions'));
    expect(error).not.toHaveBeenCalled();
  });

  it('sends a guest who clicks Purchase to log in, and back here afterwards', async () => {
    await renderLoaded(planDetailFixture(), [], null);
    const purchase = screen.getByRole('link', { name: 'Purchase' });
    expect(purchase.getAttribute('href')).toBe(TEST_SIGN_IN_HREF);
    expect(screen.getByRole('link', { name: 'Gift' }).getAttribute('href')).toBe(TEST_SIGN_IN_HREF);
    purchase.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(purchase);
    expect(readCookie('redirectUri')).toBe('/shop/10');
  });

  it('goes back to /shop, replacing the address, when the plan cannot be loaded', async () => {
    mockPlan(json({ message: 'No plan with id 10.' }, 404));
    renderPlanPage('/shop/10');
    expect(await screen.findByRole('heading', { name: 'Shop list' })).toBeTruthy();
    expect(location()).toBe('/shop');
  });

  it('goes back to /shop for an address that is no plan id', async () => {
    const api = mockApi({});
    renderPlanPage('/shop/not-a-plan');
    expect(await screen.findByRole('heading', { name: 'Shop list' })).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('treats an answer that is no plan as a failed load', async () => {
    mockApi({ 'GET /api/shop/plans/10': () => json({ content: [] }) });
    renderPlanPage('/shop/10');
    expect(await screen.findByRole('heading', { name: 'Shop list' })).toBeTruthy();
  });
});
