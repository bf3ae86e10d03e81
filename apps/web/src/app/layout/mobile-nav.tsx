import type { PublicConfig } from '@ember/contracts/public-config';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { MenuIcon } from '../../components/icons/icons.tsx';
import { usePublicConfig } from '../../config/app-environment.ts';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { LogoLink } from './logo-link.tsx';
import linkStyles from './menu-link.module.css';
import styles from './mobile-nav.module.css';
import { buildNavEntries, type NavLinkEntry, visibleNavEntries } from './nav-entries.ts';

/** The slide-in panel downloads the first time the menu opens: closed, it renders nothing anyway. */
const MobileMenu = lazy(() => import('./mobile-menu.tsx').then((module) => ({ default: module.MobileMenu })));
const NotificationBell = lazy(() =>
  import('./notification-bell.tsx').then((module) => ({ default: module.NotificationBell })),
);

/** A guest's links, menus flattened (the list shown without the app's code). */
const plainLinks = (brand: PublicConfig['brand']): NavLinkEntry[] =>
  visibleNavEntries(buildNavEntries(brand), { signedIn: false, desktop: false }).flatMap((entry) =>
    entry.kind === 'menu' ? entry.items : entry.kind === 'downloads' ? [] : [entry],
  );

/**
 * The bar below 890 px: logo and the menu button. The button is the summary of a disclosure whose
 * list of links needs no script (a server-rendered page before its code runs, or with JavaScript
 * off); once the app runs, the button opens the slide-in menu instead and the disclosure stays shut.
 */
export function MobileNav({ onVote }: { onVote: () => void }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const disclosure = useRef<HTMLDetailsElement>(null);
  /** The address bar's path when the menu opened (it moves before React shows a page that loads). */
  const openedAt = useRef<string | null>(null);
  const { pathname, search } = useLocation();
  const { brand } = usePublicConfig();
  const signedIn = useAuth().status === 'authenticated';

  // Any navigation closes the menu, except the arrival of the page whose address the menu was opened
  // on: a menu opened while that page's code loaded belongs to it.
  useEffect(() => {
    if (openedAt.current === `${pathname}${search}`) return;
    setMenuOpen(false);
    if (disclosure.current) disclosure.current.open = false;
  }, [pathname, search]);

  const openMenu = () => {
    openedAt.current = `${window.location.pathname}${window.location.search}`;
    if (disclosure.current) disclosure.current.open = false;
    setMenuWanted(true);
    setMenuOpen(true);
  };

  return (
    <nav aria-label="Main" className={styles.bar}>
      <LogoLink />
      {signedIn ? (
        <span className={styles.bell}>
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        </span>
      ) : null}
      <details
        ref={disclosure}
        className={styles.disclosure}
        // Opened some other way (find in page) while the app runs: the slide-in menu takes over.
        onToggle={(event) => {
          if (event.currentTarget.open) openMenu();
        }}
      >
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a summary is the disclosure's own button (keyboard and screen readers treat it as one). */}
        <summary
          className={styles.menuButton}
          aria-label="Open menu"
          onClick={(event) => {
            event.preventDefault();
            openMenu();
          }}
        >
          <MenuIcon size={24} />
        </summary>
        <ul className={styles.plainMenu} data-testid="plain-menu">
          {plainLinks(brand).map((link) => (
            <li key={link.id}>
              {/* Followed only before the app runs: a plain link, loading the page. */}
              <a
                href={link.target}
                className={linkStyles.link}
                {...(link.kind === 'external' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </details>
      {menuWanted ? (
        <Suspense fallback={null}>
          <MobileMenu
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            onVote={() => {
              setMenuOpen(false);
              onVote();
            }}
          />
        </Suspense>
      ) : null}
    </nav>
  );
}
