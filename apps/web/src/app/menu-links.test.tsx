import { fireEvent, screen } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { getPublicConfig } from '../config/public-config.ts';
import { renderWithProviders } from '../test/render.tsx';
import { vipOwner } from '../test/test-users.ts';
import { setViewportWidth } from '../test/viewport.ts';
import { DASHBOARD_LINKS } from './layout/dashboard-links.ts';
import { buildNavEntries } from './layout/nav-entries.ts';
import { SiteFooter } from './layout/site-footer.tsx';
import { SiteHeader } from './layout/site-header.tsx';
import { appRoutes } from './routes.tsx';

// Issue 26, item 9: no link in the interface may open a placeholder ("Coming soon") or nothing.

/** The page a path opens: its route's path, or '*' for the not-found page. */
function pageOf(href: string): string | undefined {
  const matches = matchRoutes(appRoutes, new URL(href, 'http://store.invalid').pathname);
  return matches?.at(-1)?.route.path;
}

const pageSources = import.meta.glob('../features/*/pages/*.tsx', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

describe('menu links', () => {
  it('every internal link of the navigation and the dashboard menu opens a page of its own', () => {
    const internal = [
      ...buildNavEntries(getPublicConfig().brand).flatMap((entry) =>
        entry.kind === 'menu' ? entry.items : entry.kind === 'route' ? [entry] : [],
      ),
    ]
      .filter((entry) => entry.kind === 'route')
      .map((entry) => entry.target);
    const targets = [...internal, ...DASHBOARD_LINKS.map((link) => link.route)];
    expect(targets.length).toBeGreaterThan(10);
    for (const href of targets) expect([href, pageOf(href)]).not.toEqual([href, '*']);
  });

  it('every link of the mobile menu (all dashboards) and the footer opens a page of its own', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => {}));
    setViewportWidth(375);
    renderWithProviders(
      <>
        <SiteHeader />
        <SiteFooter />
      </>,
      { user: { ...vipOwner, roles: ['CUSTOMER', 'OWNER', 'ADMIN', 'DEVELOPER', 'STAFF', 'PAYMENTS'] } },
    );
    fireEvent.click(screen.getByLabelText('Open menu'));
    await screen.findByRole('dialog', { name: 'Menu' });
    const hrefs = Array.from(
      document.querySelectorAll('a[href^="/"]'),
      (a) => a.getAttribute('href') as string,
    );
    expect(hrefs).toEqual(
      expect.arrayContaining(['/owner', '/admin', '/developer', '/orders', '/session-logs']),
    );
    for (const href of hrefs) expect([href, pageOf(href)]).not.toEqual([href, '*']);
    vi.restoreAllMocks();
  });

  it('no page is a "Coming soon" placeholder', () => {
    expect(Object.keys(pageSources).length).toBeGreaterThan(15);
    for (const [file, source] of Object.entries(pageSources)) {
      expect([file, /coming-soon|Coming soon/i.test(source)]).toEqual([file, false]);
    }
  });
});
