import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { MenuIcon } from '../../components/icons/icons.tsx';
import { LogoLink } from './logo-link.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import styles from './mobile-nav.module.css';

/** The bar below 890 px: logo and a button that slides the menu in. */
export function MobileNav({ onVote }: { onVote: () => void }) {
  const [menuOpen, setMenuOpen] = useState(false);
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
        onClick={() => setMenuOpen(true)}
      >
        <MenuIcon size={24} />
      </button>
      <MobileMenu
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        onVote={() => {
          setMenuOpen(false);
          onVote();
        }}
      />
    </nav>
  );
}
