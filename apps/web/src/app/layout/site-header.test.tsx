import { act, fireEvent, screen, within } from '@testing-library/react';
import { lazy, type ReactElement, Suspense } from 'react';
import { Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCookie } from '../../lib/cookies.ts';
import { renderWithProviders, TEST_SIGN_IN_HREF } from '../../test/render.tsx';
import { customer, vipOwner } from '../../test/test-users.ts';
import { setViewportWidth } from '../../test/viewport.ts';
import { SiteHeader } from './site-header.tsx';

const bootstrap = {
  version: '1.4.0',
  releasedAt: '2025-01-01T00:00:00.000Z',
  platforms: {
    linux: { label: 'Linux', url: 'https://downloads.example/linux.AppImage' },
    windows: { label: 'Windows', url: 'https://downloads.example/setup.exe' },
  },
};

function mockBootstrap() {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () =>
      Response.json(bootstrap, { headers: { 'content-type': 'application/json' } }),
    );
}

function mainNav() {
  return screen.getByRole('navigation', { name: 'Main' });
}

describe('desktop navigation (890 px and wider)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the Plugins dropdown on hover and hides it 100 ms after the pointer leaves', () => {
    vi.useFakeTimers();
    setViewportWidth(1280);
    renderWithProviders(<SiteHeader />);
    const plugins = within(mainNav()).getByRole('button', { name: 'Plugins' });

    fireEvent.mouseEnter(plugins);
    const links = ['All plugins', 'Free plugins', 'Helper plugins', 'Bundles'].map((name) =>
      within(mainNav()).getByRole('link', { name }).getAttribute('href'),
    );
    expect(links).toEqual(['/shop', '/shop?category=free', '/shop?category=helper', '/shop?category=bundle']);

    fireEvent.mouseLeave(plugins);
    act(() => vi.advanceTimersByTime(100));
    expect(within(mainNav()).queryByRole('link', { name: 'All plugins' })).toBeNull();
  });

  it('lists the community links from the config, opening in a new tab', () => {
    renderWithProviders(<SiteHeader />);
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Community' }));
    const chat = screen.getByRole('link', { name: 'Join chat community' });
    expect(chat.getAttribute('href')).toBe('https://chat.example/invite/ember');
    expect(chat.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Javadocs' }).getAttribute('href')).toBe(
      'https://docs.example/javadocs',
    );
    expect(screen.getByRole('link', { name: 'Forums' }).getAttribute('target')).toBe('_blank');
  });

  it('offers guests a Log in button and no member menus', () => {
    const fetchSpy = mockBootstrap();
    renderWithProviders(<SiteHeader />);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(TEST_SIGN_IN_HREF);
    expect(screen.getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe('/faq');
    expect(screen.queryByRole('button', { name: 'Purchase' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
    expect(screen.queryByText(/Credits:/)).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('remembers the current page when a guest clicks Log in', () => {
    renderWithProviders(<SiteHeader />, { route: '/faq' });
    const logIn = screen.getByRole('link', { name: 'Log in' });
    logIn.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(logIn);
    expect(readCookie('redirectUri')).toBe('/faq');
  });

  it('shows a signed-in user the Purchase and Download menus, their credits and their dashboards', async () => {
    mockBootstrap();
    const signOut = vi.fn();
    renderWithProviders(<SiteHeader />, { user: customer, signOut });

    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(await screen.findByText('Credits: 12,345')).toBeTruthy();

    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Purchase' }));
    expect(screen.getByRole('link', { name: 'Credits' }).getAttribute('href')).toBe('/products/credits');
    expect(screen.getByRole('link', { name: 'VIP' }).getAttribute('href')).toBe('/vip');
    expect(screen.getByRole('link', { name: 'GP' }).getAttribute('href')).toBe('/products/gp');

    // The Download and user menus are signed-in only and load lazily.
    fireEvent.mouseEnter(await screen.findByRole('button', { name: /Download/ }));
    expect((await screen.findByRole('link', { name: 'Windows' })).getAttribute('href')).toBe(
      'https://downloads.example/setup.exe',
    );
    expect(screen.getByRole('link', { name: 'Linux' })).toBeTruthy();

    fireEvent.mouseEnter(await screen.findByRole('button', { name: 'Casual Carl' }));
    expect(screen.getByRole('link', { name: 'My Account' }).getAttribute('href')).toBe('/account');
    expect(screen.queryByRole('link', { name: 'Admin Panel' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log out of this device' }));
    expect(signOut).toHaveBeenCalledExactlyOnceWith('this-device');
  });

  it('puts the VIP gem before a VIP user’s name and lists every dashboard their roles allow', async () => {
    mockBootstrap();
    renderWithProviders(<SiteHeader />, { user: vipOwner });
    const trigger = await screen.findByRole('button', { name: 'VIP Olivia Owner' });
    expect(within(trigger).getByRole('img', { name: 'VIP' })).toBeTruthy();
    fireEvent.mouseEnter(trigger);
    const names = ['My Account', 'Owner Panel', 'Admin Panel', 'Dev Panel', 'Session logs', 'Orders'];
    for (const name of names) expect(screen.getByRole('link', { name })).toBeTruthy();
  });

  it('opens the vote modal from the user menu', async () => {
    mockBootstrap();
    renderWithProviders(<SiteHeader />, { user: customer });
    fireEvent.mouseEnter(await screen.findByRole('button', { name: 'Casual Carl' }));
    fireEvent.click(screen.getByRole('button', { name: 'Vote' }));
    // The vote dialog downloads the first time it opens.
    expect(await screen.findByRole('dialog', { name: 'Vote for Ember' })).toBeTruthy();
  });

  it('moves the balance into the user button on narrow desktops (890-1179 px)', async () => {
    mockBootstrap();
    setViewportWidth(1000);
    renderWithProviders(<SiteHeader />, { user: customer });
    const trigger = await screen.findByRole('button', { name: /Casual Carl/ });
    expect(within(trigger).getByText('Credits: 12,345')).toBeTruthy();
    expect(screen.getAllByText('Credits: 12,345')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Purchase' })).toBeTruthy();
  });

  it('makes the balance a link to where credits are bought and spent (issue 26, item 7)', async () => {
    mockBootstrap();
    setViewportWidth(1280);
    renderWithProviders(<SiteHeader />, { user: customer });
    const balance = await within(mainNav()).findByRole('link', { name: 'Credits: 12,345' });
    expect(balance.getAttribute('href')).toBe('/products/credits');
    fireEvent.click(balance);
    expect(screen.getByTestId('location').textContent).toBe('/products/credits');
  });

  it('offers Buy credits in the user menu when the balance sits in its button (890-1179 px)', async () => {
    mockBootstrap();
    setViewportWidth(1000);
    renderWithProviders(<SiteHeader />, { user: customer });
    fireEvent.mouseEnter(await screen.findByRole('button', { name: /Casual Carl/ }));
    expect(screen.getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/products/credits');
  });

  it('sends the logo to the landing page, replacing the current entry', () => {
    renderWithProviders(<SiteHeader />, { route: '/faq' });
    fireEvent.click(screen.getByRole('link', { name: 'Ember home' }));
    expect(screen.getByTestId('location').textContent).toBe('/');
  });
});

describe('mobile navigation (below 890 px)', () => {
  it('uses a menu button instead of the desktop dropdowns', () => {
    setViewportWidth(375);
    renderWithProviders(<SiteHeader />);
    expect(screen.queryByRole('button', { name: 'Plugins' })).toBeNull();
    expect(screen.getByLabelText('Open menu')).toBeTruthy();
  });

  it('slides the menu in and closes it with the close icon', async () => {
    setViewportWidth(375);
    renderWithProviders(<SiteHeader />);
    fireEvent.click(screen.getByLabelText('Open menu'));
    // The panel downloads the first time the menu opens.
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'All plugins' }).getAttribute('href')).toBe('/shop');
    expect(within(menu).getByRole('link', { name: 'Log in' })).toBeTruthy();

    fireEvent.click(within(menu).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });

  it('closes when the dimmed overlay is clicked or Escape is pressed', async () => {
    setViewportWidth(375);
    renderWithProviders(<SiteHeader />);
    fireEvent.click(screen.getByLabelText('Open menu'));
    fireEvent.click(await screen.findByTestId('mobile-menu-overlay'));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();

    fireEvent.click(screen.getByLabelText('Open menu'));
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Menu' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });

  it('closes after following a link', async () => {
    setViewportWidth(375);
    renderWithProviders(<SiteHeader />);
    fireEvent.click(screen.getByLabelText('Open menu'));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    fireEvent.click(within(menu).getByRole('link', { name: 'FAQ' }));
    expect(screen.getByTestId('location').textContent).toBe('/faq');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });

  it('stays open when opened while the next page still loads its code', async () => {
    // The address bar moves at once; React shows the new page (and its location) once the page's code
    // has arrived. A menu opened in between belongs to the new page: it must not close when it shows.
    setViewportWidth(375);
    let deliverPage: () => void = () => {};
    const SlowPage = lazy(
      () =>
        new Promise<{ default: () => ReactElement }>((resolve) => {
          deliverPage = () => resolve({ default: () => <h1>Buy credits</h1> });
        }),
    );
    renderWithProviders(
      <>
        <SiteHeader />
        <Suspense fallback={<p>Loading…</p>}>
          <Routes>
            <Route path="/" element={<Link to="/products/credits">Go to credits</Link>} />
            <Route path="/products/credits" element={<SlowPage />} />
          </Routes>
        </Suspense>
      </>,
      { router: 'browser' },
    );
    fireEvent.click(screen.getByRole('link', { name: 'Go to credits' }));
    expect(window.location.pathname).toBe('/products/credits');
    fireEvent.click(screen.getByLabelText('Open menu'));
    await screen.findByRole('dialog', { name: 'Menu' });

    await act(async () => deliverPage());
    await screen.findByRole('heading', { name: 'Buy credits' });
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();
  });

  it('shows a signed-in user their name, balance, dashboards and Log out, but no Download menu', async () => {
    setViewportWidth(375);
    const fetchSpy = mockBootstrap();
    const signOut = vi.fn();
    renderWithProviders(<SiteHeader />, { user: vipOwner, signOut });
    fireEvent.click(screen.getByLabelText('Open menu'));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByText('Olivia Owner')).toBeTruthy();
    expect(within(menu).getByRole('img', { name: 'VIP' })).toBeTruthy();
    const balance = within(menu).getByRole('link', { name: 'Credits: 1,500' });
    expect(balance.getAttribute('href')).toBe('/products/credits');
    expect(within(menu).getByRole('link', { name: 'Owner Panel' }).getAttribute('href')).toBe('/owner');
    expect(within(menu).getByRole('link', { name: 'GP' }).getAttribute('href')).toBe('/products/gp');
    expect(within(menu).queryByText('Windows')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
    fireEvent.click(within(menu).getByRole('button', { name: 'Log out of all devices' }));
    expect(signOut).toHaveBeenCalledExactlyOnceWith('all-devices');
  });
});
