import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router';
import { ExternalLinkIcon } from '../../components/icons/icons.tsx';
import { SignInButton } from '../../components/sign-in-button/sign-in-button.tsx';
import { Dropdown } from '../../components/ui/dropdown/dropdown.tsx';
import { usePublicConfig } from '../../config/app-environment.ts';
import { useAuth } from '../../lib/auth/auth-context.ts';
import styles from './desktop-nav.module.css';
import { LogoLink } from './logo-link.tsx';
import { buildNavEntries, type NavEntry, type NavLinkEntry, visibleNavEntries } from './nav-entries.ts';

// Signed-in only: a visitor's first page does not download the account menus (or the bootstrap call).
const DownloadMenu = lazy(() =>
  import('../../features/downloads/components/download-menu.tsx').then((module) => ({
    default: module.DownloadMenu,
  })),
);
const DesktopAccount = lazy(() =>
  import('./desktop-account.tsx').then((module) => ({ default: module.DesktopAccount })),
);

function toDropdownItem(link: NavLinkEntry) {
  return link.kind === 'route'
    ? { id: link.id, kind: 'route' as const, label: link.label, to: link.target }
    : { id: link.id, kind: 'external' as const, label: link.label, href: link.target };
}

function DesktopNavEntry({ entry }: { entry: NavEntry }) {
  switch (entry.kind) {
    case 'menu':
      return <Dropdown label={entry.label} items={entry.items.map(toDropdownItem)} />;
    case 'downloads':
      return (
        <Suspense fallback={null}>
          <DownloadMenu />
        </Suspense>
      );
    case 'route':
      return (
        <NavLink
          to={entry.target}
          className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}
        >
          {entry.label}
        </NavLink>
      );
    case 'external':
      return (
        <a href={entry.target} target="_blank" rel="noopener noreferrer" className={styles.link}>
          {entry.label}
          <ExternalLinkIcon size={14} />
        </a>
      );
  }
}

/** The desktop bar: logo, menus and links on the left; account controls on the right. */
export function DesktopNav({ onVote }: { onVote: () => void }) {
  const auth = useAuth();
  const { brand } = usePublicConfig();
  const signedIn = auth.status === 'authenticated';
  const entries = visibleNavEntries(buildNavEntries(brand), { signedIn, desktop: true });

  return (
    <nav aria-label="Main" className={styles.nav}>
      <LogoLink />
      <ul className={styles.entries}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <DesktopNavEntry entry={entry} />
          </li>
        ))}
      </ul>
      <div className={styles.account}>
        {auth.status === 'authenticated' ? (
          <Suspense fallback={null}>
            <DesktopAccount user={auth.user} onVote={onVote} onSignOut={auth.signOut} />
          </Suspense>
        ) : auth.status === 'guest' ? (
          <SignInButton />
        ) : null}
      </div>
    </nav>
  );
}
