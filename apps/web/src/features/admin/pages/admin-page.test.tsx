import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { vipOwner } from '../../../test/test-users.ts';
import AdminPage, { FIND_USER_LABEL } from './admin-page.tsx';

// The users section is another helper's; the shell only needs to know it opens.
vi.mock('../components/users/users-section.tsx', () => ({
  default: () => <h2>Users section</h2>,
}));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const location = () => screen.getByTestId('location').textContent;

function quietApi() {
  return mockApi({
    'GET /api/commerce/products/all': () => json([]),
    'GET /api/shop/plugin-repos/all': () => json({ content: [], totalPages: 0 }),
    'GET /api/shop/repo-updates': () => json({ content: [], totalPages: 0 }),
    'GET /api/shop/approved-repos': () => json({ content: [], totalPages: 0 }),
    'GET /api/shop/approved-jars': () => json({ content: [], totalPages: 0 }),
  });
}

/** The text of the Admin sections link marked as the current page. */
const openSection = () =>
  within(screen.getByRole('navigation', { name: 'Admin sections' })).getByRole('link', { current: 'page' })
    .textContent;

describe('AdminPage', () => {
  it('opens the controls by default, titles the tab and marks the open section in the nav', async () => {
    quietApi();
    renderWithProviders(<AdminPage />, { route: '/admin', user: vipOwner });
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Sessions' })).toBeTruthy();
    await waitFor(() => expect(document.title).toMatch(/^Admin Panel · /));
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    const links = within(nav).getAllByRole('link');
    expect(links).toHaveLength(7);
    const current = within(nav).getByRole('link', { current: 'page' });
    expect(current.textContent).toContain('Controls');
    expect(current.getAttribute('href')).toBe('/admin?section=controls');
  });

  it('opens the section the URL names, and an unknown one falls back to the controls', async () => {
    quietApi();
    const { unmount } = renderWithProviders(<AdminPage />, {
      route: '/admin?section=repositories',
      user: vipOwner,
    });
    expect(await screen.findByRole('heading', { name: 'Developer repositories' })).toBeTruthy();
    expect(openSection()).toContain('Repositories');
    unmount();
    renderWithProviders(<AdminPage />, { route: '/admin?section=nope', user: vipOwner });
    expect(await screen.findByRole('heading', { name: 'Sessions' })).toBeTruthy();
  });

  it('switches sections through the nav links, keeping the section in the URL', async () => {
    quietApi();
    renderWithProviders(<AdminPage />, { route: '/admin', user: vipOwner });
    await screen.findByRole('heading', { name: 'Sessions' });
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    fireEvent.click(within(nav).getByRole('link', { name: /^Products/ }));
    expect(await screen.findByRole('table', { name: 'Products' })).toBeTruthy();
    expect(location()).toBe('/admin?section=products');
    expect(within(nav).getByRole('link', { current: 'page' }).textContent).toContain('Products');
  });

  it('the search at the top goes to the users section with the text as ?q', async () => {
    quietApi();
    renderWithProviders(<AdminPage />, { route: '/admin?section=products', user: vipOwner });
    const box = screen.getByRole('searchbox', { name: FIND_USER_LABEL });
    // The search landmark is named after its field: the users section's own search is another one.
    expect(screen.getByRole('search', { name: FIND_USER_LABEL })).toBeTruthy();
    fireEvent.change(box, { target: { value: '314159265358979310' } });
    await act(async () => {
      fireEvent.submit(box.closest('form') as HTMLFormElement);
    });
    await waitFor(() => expect(location()).toBe('/admin?section=users&q=314159265358979310'));
    expect(await screen.findByRole('heading', { name: 'Users section' })).toBeTruthy();
    expect(openSection()).toContain('Users');
  });

  it('an empty search elsewhere does not leave the open section', async () => {
    quietApi();
    renderWithProviders(<AdminPage />, { route: '/admin?section=products', user: vipOwner });
    const box = screen.getByRole('searchbox', { name: FIND_USER_LABEL });
    fireEvent.change(box, { target: { value: '  ' } });
    await act(async () => {
      fireEvent.submit(box.closest('form') as HTMLFormElement);
    });
    expect(location()).toBe('/admin?section=products');
  });
});
