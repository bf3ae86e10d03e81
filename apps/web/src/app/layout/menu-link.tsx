import { Link } from 'react-router';
import { ExternalLinkIcon } from '../../components/icons/icons.tsx';
import styles from './menu-link.module.css';
import type { NavLinkEntry } from './nav-entries.ts';

/** One link of the mobile menu: a route in this tab, or an external address in a new one. */
export function MenuLink({ link, onNavigate }: { link: NavLinkEntry; onNavigate?: () => void }) {
  if (link.kind === 'route') {
    return (
      <Link to={link.target} className={styles.link} onClick={onNavigate}>
        {link.label}
      </Link>
    );
  }
  return (
    <a href={link.target} target="_blank" rel="noopener noreferrer" className={styles.link}>
      {link.label}
      <ExternalLinkIcon size={14} className={styles.externalIcon} />
    </a>
  );
}
