import type { PlanDeveloper, PlanPage } from '@ember/contracts/catalog';
import { PLAN_LABELS } from '@ember/contracts/labels';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '../../../components/ui/search-box/use-debounced-search.ts';
import type { SessionUser } from '../../../lib/auth/auth-context.ts';
import { type ApiCall, json, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { soldSubscriptionFixture } from '../../../test/subscription-fixture.ts';
import { customer } from '../../../test/test-users.ts';
import { planFixture, plansFixture } from '../test/plan-fixtures.ts';
import ShopPage from './shop-page.tsx';

const DEVELOPERS: PlanDeveloper[] = [
  { discordId: '314159265358979301', username: 'mossforge', displayName: 'Mossforge Studios' },
  { discordId: '314159265358979307', username: 'developer', displayName: 'Devon Developer' },
];

function mockShop(answer: (call: ApiCall) => PlanPage | Response, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    ...extra,
    'GET /api/shop/plans': (call) => {
      const body = answer(call);
      return body instanceof Response ? body : json(body);
    },
    'GET /api/shop/labels': () => json(PLAN_LABELS),
    'GET /api/shop/plans/developers': () => json(DEVELOPERS),
  });
}

function renderShop(route = '/shop', user?: SessionUser) {
  return renderWithProviders(
    <Routes>
      <Route path="/shop" element={<ShopPage />} />
      <Route path="/shop/:id" element={<p>plan page</p>} />
    </Routes>,
    { route, user },
  );
}

const location = () => screen.getByTestId('location').textContent;
const lastPlansQuery = (api: ReturnType<typeof mockApi>) => api.last('GET /api/shop/plans')?.url.searchParams;

afterEach(() => {
  vi.useRealTimers();
});

describe('the shop page', () => {
  it('names the tab and lists the first page of plans, 25 per page', async () => {
    const api = mockShop(() => ({ content: plansFixture(25), totalPages: 2, totalElements: 20 }));
    renderShop();
    expect(await screen.findByRole('heading', { level: 2, name: 'Plan 25' })).toBeTruthy();
    expect(document.title).toBe('Plugins · Ember');
    expect(lastPlansQuery(api)?.toString()).toBe('page=0&size=25&sort=popular%2Cdesc');
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
  });

  it("shows each card's lowest price ('from N credits' or Free)", async () => {
    mockShop(() => ({
      content: [
        planFixture({ id: 1, name: 'Paid Plan', fromPrice: 3402 }),
        planFixture({ id: 2, name: 'Free Plan', fromPrice: 0 }),
        planFixture({ id: 3, name: 'Unpriced Plan', fromPrice: null }),
      ],
      totalPages: 1,
      totalElements: 3,
    }));
    renderShop();
    const card = async (name: string) =>
      (await screen.findByRole('heading', { level: 2, name })).closest('article') as HTMLElement;
    expect(within(await card('Paid Plan')).getByText('from 3,402 credits')).toBeTruthy();
    expect(within(await card('Free Plan')).getByText('Free')).toBeTruthy();
    expect(within(await card('Unpriced Plan')).queryByTestId('plan-from-price')).toBeNull();
  });

  it('tells a signed-in visitor on the card which plans they already have, and until when', async () => {
    const until = new Date(Date.now() + 6 * 86_400_000).toISOString();
    const held = { planId: 2, expireDate: until };
    mockShop(() => ({ content: plansFixture(4), totalPages: 1, totalElements: 10 }), {
      'GET /api/shop/subscriptions/my': () => json([soldSubscriptionFixture(held)]),
    });
    renderShop('/shop', customer);
    const card = (name: string) =>
      screen.getByRole('heading', { level: 2, name }).closest('article') as HTMLElement;
    const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(
      new Date(until),
    );
    await waitFor(() =>
      expect(within(card('Plan 2')).getByTestId('plan-held').textContent).toBe(
        `You already have this plan until ${date}.`,
      ),
    );
    expect(within(card('Plan 1')).queryByTestId('plan-held')).toBeNull();
  });

  it('sorts by popularity, newest, rating, price or name, kept in the URL, from the first page', async () => {
    const api = mockShop(() => ({ content: plansFixture(4), totalPages: 3, totalElements: 30 }));
    renderShop('/shop?page=2');
    await screen.findByRole('heading', { name: 'Plan 4' });
    const sort = screen.getByLabelText('Sort by') as HTMLSelectElement;
    expect(sort.value).toBe('popular');
    expect([...sort.options].map((option) => option.textContent)).toEqual([
      'Most popular',
      'Newest',
      'Top rated',
      'Price: low to high',
      'Name: A to Z',
    ]);
    for (const [value, apiSort] of [
      ['rating', 'rating,desc'],
      ['price', 'price,asc'],
      ['newest', 'createdAt,desc'],
      ['name', 'name,asc'],
      ['popular', 'popular,desc'],
    ] as const) {
      fireEvent.change(sort, { target: { value } });
      await waitFor(() => expect(lastPlansQuery(api)?.get('sort')).toBe(apiSort));
      expect(lastPlansQuery(api)?.get('page')).toBe('0');
    }
    fireEvent.change(sort, { target: { value: 'price' } });
    await waitFor(() => expect(location()).toBe('/shop?sort=price'));
  });

  it('shows loading placeholders until the plans arrive', async () => {
    mockShop(() => ({ content: plansFixture(4), totalPages: 1, totalElements: 10 }));
    renderShop();
    expect(screen.getByTestId('plans-loading')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Plan 4' });
    expect(screen.queryByTestId('plans-loading')).toBeNull();
  });

  it.each([
    [1, 'row'],
    [3, 'row'],
    [4, 'grid'],
    [25, 'grid'],
  ])('lays out %i plans as a %s', async (count, layout) => {
    mockShop(() => ({ content: plansFixture(count), totalPages: 1, totalElements: 10 }));
    renderShop();
    const list = await screen.findByRole('list', { name: 'Plugins' });
    expect(list.getAttribute('data-layout')).toBe(layout);
    expect(within(list).getAllByRole('article')).toHaveLength(count);
  });

  it("shows 'Page N of M' with N counted from 1, and pages with previous / next", async () => {
    const api = mockShop((call) => {
      const page = Number(call.url.searchParams.get('page'));
      return { content: plansFixture(5, page * 10 + 1), totalPages: 3, totalElements: 30 };
    });
    renderShop('/shop?page=1');
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(lastPlansQuery(api)?.get('page')).toBe('1');

    fireEvent.click(screen.getByRole('link', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3')).toBeTruthy();
    expect(location()).toBe('/shop?page=2');
    // The last page has no Next link, only its disabled look.
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull();
    expect(screen.getByText('Next').closest('[aria-disabled="true"]')).not.toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Previous' }));
    fireEvent.click(await screen.findByRole('link', { name: 'Previous' }));
    await waitFor(() => expect(location()).toBe('/shop'));
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Previous' })).toBeNull();
  });

  it('pages through real links and a GET form, which work before the app runs (issue 26, item 13)', async () => {
    mockShop(() => ({ content: plansFixture(10), totalPages: 4, totalElements: 40 }));
    renderShop('/shop?name=miner&labels=1,20&sort=name&page=1&size=10');
    expect(await screen.findByText('Page 2 of 4')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe(
      '/shop?name=miner&labels=1%2C20&sort=name&size=10',
    );
    expect(within(pager).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      '/shop?name=miner&labels=1%2C20&sort=name&page=2&size=10',
    );
    // The page size: a GET form to /shop that carries the rest along and starts at the first page.
    const sizeForm = screen.getByLabelText('Plugins per page').closest('form') as HTMLFormElement;
    expect(sizeForm.getAttribute('method')).toBe('get');
    expect(sizeForm.getAttribute('action')).toBe('/shop');
    expect([...new FormData(sizeForm).entries()]).toEqual([
      ['size', '10'],
      ['name', 'miner'],
      ['labels', '1,20'],
      ['sort', 'name'],
    ]);
    expect(within(sizeForm).getByRole('button', { name: 'Show' }).getAttribute('type')).toBe('submit');
  });

  it('opens a page in a new tab on a modified click, without moving this one', async () => {
    mockShop(() => ({ content: plansFixture(10), totalPages: 4, totalElements: 40 }));
    renderShop('/shop?page=1');
    expect(await screen.findByText('Page 2 of 4')).toBeTruthy();
    const next = screen.getByRole('link', { name: 'Next' });
    // A ctrl/cmd click is left to the browser (a new tab; jsdom cannot open one, so it is stopped
    // after the app has seen it): this page stays where it is.
    const stopDocumentNavigation = (event: Event) => event.preventDefault();
    window.addEventListener('click', stopDocumentNavigation);
    fireEvent.click(next, { ctrlKey: true });
    window.removeEventListener('click', stopDocumentNavigation);
    expect(location()).toBe('/shop?page=1');
    fireEvent.click(next);
    await waitFor(() => expect(location()).toBe('/shop?page=2'));
  });

  it('goes back to the first page when the page size changes', async () => {
    const api = mockShop(() => ({ content: plansFixture(10), totalPages: 4, totalElements: 40 }));
    renderShop('/shop?page=2&size=10');
    expect(await screen.findByText('Page 3 of 4')).toBeTruthy();
    const select = screen.getByLabelText('Plugins per page') as HTMLSelectElement;
    expect([...select.options].map((option) => option.value)).toEqual(['10', '25', '50', '100']);
    expect(select.value).toBe('10');

    fireEvent.change(select, { target: { value: '50' } });
    expect(location()).toBe('/shop?size=50');
    await waitFor(() => expect(lastPlansQuery(api)?.toString()).toBe('page=0&size=50&sort=popular%2Cdesc'));
  });

  it('moves to the last page when a link points past the end', async () => {
    mockShop(() => ({ content: plansFixture(3), totalPages: 2, totalElements: 20 }));
    renderShop('/shop?page=9');
    await waitFor(() => expect(location()).toBe('/shop?page=1'));
  });

  // Issue 24, item 15: before the code runs, the search must work as a plain form.
  it('is a GET form to /shop whose fields carry the search, the order and the filters in use', async () => {
    mockShop(() => ({ content: [planFixture()], totalPages: 1, totalElements: 10 }));
    renderShop('/shop?labels=2&sort=newest&size=50');
    const form = await screen.findByRole('search');
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/shop');
    const fields = new FormData(form as HTMLFormElement);
    fireEvent.change(within(form).getByRole('combobox', { name: 'Search plugins' }), {
      target: { value: 'miner' },
    });
    const typed = new FormData(form as HTMLFormElement);
    expect(Object.fromEntries(typed)).toEqual({ name: 'miner', sort: 'newest', labels: '2', size: '50' });
    expect(fields.get('name')).toBe('');
    expect(within(form).getByRole('button', { name: 'Search' }).getAttribute('type')).toBe('submit');
  });

  it('opens the filter panel for ?filters=open (the Filters button before the code runs), its boxes fields of the form', async () => {
    mockShop(() => ({ content: [planFixture()], totalPages: 1, totalElements: 10 }));
    renderShop('/shop?filters=open&labels=20');
    const panel = await screen.findByRole('region', { name: 'Filters' });
    const sailing = within(panel).getByRole('checkbox', { name: 'Sailing' }) as HTMLInputElement;
    expect(sailing.checked).toBe(true);
    const form = screen.getByRole('search') as HTMLFormElement;
    expect(new FormData(form).getAll('labels')).toEqual(['20']);
    expect(within(panel).getByRole('button', { name: 'Apply' }).getAttribute('type')).toBe('submit');
  });

  it('sets the search text from ?category= and searches for it', async () => {
    const api = mockShop(() => ({
      content: [planFixture({ name: 'Free Essentials' })],
      totalPages: 1,
      totalElements: 10,
    }));
    renderShop('/shop?category=free');
    const search = (await screen.findByRole('combobox', { name: 'Search plugins' })) as HTMLInputElement;
    expect(search.value).toBe('free');
    await screen.findByRole('heading', { name: 'Free Essentials' });
    expect(lastPlansQuery(api)?.get('name')).toBe('free');
  });

  it('searches once typing pauses, puts the text in the URL and resets the page', async () => {
    const api = mockShop(() => ({ content: plansFixture(4), totalPages: 3, totalElements: 30 }));
    renderShop('/shop?page=1');
    await screen.findByText('Page 2 of 3');
    vi.useFakeTimers();
    const search = screen.getByRole('combobox', { name: 'Search plugins' });
    fireEvent.change(search, { target: { value: 'mi' } });
    fireEvent.change(search, { target: { value: 'miner ' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    expect(location()).toBe('/shop?page=1');
    act(() => vi.advanceTimersByTime(60));
    expect(location()).toBe('/shop?name=miner');
    vi.useRealTimers();
    await waitFor(() =>
      expect(lastPlansQuery(api)?.toString()).toBe('page=0&size=25&sort=popular%2Cdesc&name=miner'),
    );
    expect(api.calls.filter((call) => call.url.searchParams.get('name') === 'mi')).toHaveLength(0);
  });

  it('opens the filter panel and filters by label and developer, back on page 0', async () => {
    const api = mockShop(() => ({ content: plansFixture(4), totalPages: 2, totalElements: 20 }));
    renderShop('/shop?page=1');
    await screen.findByText('Page 2 of 2');
    const toggle = screen.getByRole('button', { name: /^Filters/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Filters' })).toBeNull();
    // The developer list is fetched only once the filter opens.
    expect(api.keys()).not.toContain('GET /api/shop/plans/developers');

    fireEvent.click(toggle);
    await waitFor(() => expect(api.keys()).toContain('GET /api/shop/plans/developers'));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('region', { name: 'Filters' });
    expect(toggle.getAttribute('aria-controls')).toBe(panel.id);
    expect(
      within(within(panel).getByRole('group', { name: 'Skills' })).getAllByRole('checkbox'),
    ).toHaveLength(28);

    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Sailing' }));
    expect(location()).toBe('/shop?labels=20');
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Agility' }));
    expect(location()).toBe('/shop?labels=1%2C20');

    const developer = await within(panel).findByRole('checkbox', { name: /Devon Developer/ });
    expect(within(panel).getByText('@developer')).toBeTruthy();
    fireEvent.click(developer);
    expect(location()).toBe('/shop?labels=1%2C20&developers=314159265358979307');
    await waitFor(() =>
      expect(lastPlansQuery(api)?.toString()).toBe(
        'page=0&size=25&sort=popular%2Cdesc&discordIds=314159265358979307&labelIds=1%2C20',
      ),
    );
    expect(toggle.textContent).toContain('3');
    expect(screen.getByRole('button', { name: 'Remove filter Devon Developer' })).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Clear filters' }));
    expect(location()).toBe('/shop');
  });

  it("says how many plugins match, from the shop API's own count, and Show N plugins goes to them (issue 34, item 8)", async () => {
    mockShop((call) => {
      const filtered = call.url.searchParams.has('labelIds');
      return filtered
        ? { content: plansFixture(2), totalPages: 1, totalElements: 2 }
        : { content: plansFixture(25), totalPages: 2, totalElements: 33 };
    });
    renderShop();
    await waitFor(() => expect(screen.getByTestId('plugin-count').textContent).toBe('33 plugins'));
    fireEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    const panel = screen.getByRole('region', { name: 'Filters' });
    expect(within(panel).getByRole('button', { name: 'Show 33 plugins' })).toBeTruthy();
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Sailing' }));
    const show = await within(panel).findByRole('button', { name: 'Show 2 plugins' });
    expect(screen.getByTestId('plugin-count').textContent).toBe('2 plugins');
    fireEvent.click(show);
    expect(screen.queryByRole('region', { name: 'Filters' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Results' }));
  });

  it('reproduces a shared link: checked boxes and removable filter chips', async () => {
    mockShop(() => ({ content: plansFixture(2), totalPages: 1, totalElements: 10 }));
    renderShop('/shop?name=helper&labels=21&developers=314159265358979307');
    await screen.findByRole('heading', { name: 'Plan 2' });
    expect((screen.getByRole('combobox', { name: 'Search plugins' }) as HTMLInputElement).value).toBe(
      'helper',
    );
    fireEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    expect((screen.getByRole('checkbox', { name: 'Slayer' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Agility' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Slayer' }));
    expect(location()).toBe('/shop?name=helper&developers=314159265358979307');
  });

  it('hints when nothing matches and clears the filters on request', async () => {
    mockShop((call) =>
      call.url.searchParams.has('name')
        ? { content: [], totalPages: 0, totalElements: 0 }
        : { content: plansFixture(4), totalPages: 1, totalElements: 10 },
    );
    renderShop('/shop?name=zzz&labels=3');
    expect(await screen.findByText('No plans match your search.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location()).toBe('/shop');
    expect(await screen.findByRole('heading', { name: 'Plan 4' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Search plugins' }) as HTMLInputElement).value).toBe('');
  });

  it('shows an error with a retry that loads the plans again', async () => {
    let fail = true;
    mockShop(() =>
      fail
        ? json({ message: 'Service unavailable.' }, 503)
        : { content: plansFixture(4), totalPages: 1, totalElements: 10 },
    );
    renderShop();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The plugins could not be loaded');
    expect(alert.textContent).toContain('Service unavailable.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Plan 4' })).toBeTruthy();
  });
});
