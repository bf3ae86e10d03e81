import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { MenuIcon } from '../../components/icons/icons.tsx';
import { LogoLink } from './logo-link.tsx';
import styles from './mobile-nav.module.css';

/** The slide-in panel downloads the first time the menu opens: closed, it renders nothing anyway. */
const MobileMenu = lazy(() => import('./mobile-menu.tsx').then((module) => ({ default: module.MobileMenu })));

/** The bar below 890 px: logo and a button that slides the menu in. */
export function MobileNav({ onVote }: { onVote: () => void }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const { pathname, search } = useLocation();

  // Any navigation closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change on purpose.
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname, search]);

  return (
    <nav aria-label="Main" className={styles.bar}>
      <LogoLink />
      <button
        type="button"
        className={styles.menuButton}
        aria-label="Open menu"
        aria-expanded={menuOpen}
        onClick={() => {
          setMenuWanted(true);
          setMenuOpen(true);
        }}
      >
        <MenuIcon size={24} />
      </button>
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
