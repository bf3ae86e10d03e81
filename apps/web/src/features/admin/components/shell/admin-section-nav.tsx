import { Link } from 'react-router';
import { ADMIN_SECTIONS, type AdminSectionId, adminSectionHref } from './admin-sections.ts';
import styles from './admin-shell.module.css';

/**
 * The sections as links: a side nav from 890 px, a row of scrollable tabs below. The open one is
 * `aria-current="page"`; hovering or focusing a link fetches its section's code ahead of the click.
 */
export function AdminSectionNav({ current }: { current: AdminSectionId }) {
  return (
    <nav aria-label="Admin sections" className={styles.nav}>
      <ul className={styles.navList}>
        {ADMIN_SECTIONS.map((section) => {
          const active = section.id === current;
          const preload = () => void section.component.preload().catch(() => {});
          return (
            <li key={section.id}>
              <Link
                to={{ pathname: '/admin', search: adminSectionHref(section.id) }}
                className={`${styles.navLink} ${active ? styles.navLinkActive : ''}`}
                aria-current={active ? 'page' : undefined}
                onMouseEnter={preload}
                onFocus={preload}
              >
                <span>{section.label}</span>
                <span className={styles.navSummary}>{section.summary}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
