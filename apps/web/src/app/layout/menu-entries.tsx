import styles from './menu-entries.module.css';
import { MenuLink } from './menu-link.tsx';
import type { NavEntry, NavLinkEntry } from './nav-entries.ts';

interface MenuGroupProps {
  /** Unique in the document: the group's heading id. */
  id: string;
  title: string;
  links: readonly NavLinkEntry[];
  onNavigate?: () => void;
}

/** A titled list of links (Dashboards, Plugins, Community). */
export function MenuGroup({ id, title, links, onNavigate }: MenuGroupProps) {
  return (
    <section className={styles.group} aria-labelledby={id}>
      <h2 id={id} className={styles.groupTitle}>
        {title}
      </h2>
      <ul className={styles.list}>
        {links.map((link) => (
          <li key={link.id}>
            <MenuLink link={link} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </section>
  );
}

interface MenuEntryListProps {
  entries: readonly NavEntry[];
  /** Prefixes the groups' heading ids, so that two lists can share a document. */
  idPrefix: string;
  onNavigate?: () => void;
}

/** The main navigation as the mobile menus list it: menus as titled groups, single links on their own. */
export function MenuEntryList({ entries, idPrefix, onNavigate }: MenuEntryListProps) {
  return entries.map((entry) => {
    if (entry.kind === 'downloads') return null;
    if (entry.kind === 'menu') {
      return (
        <MenuGroup
          key={entry.id}
          id={`${idPrefix}-${entry.id}`}
          title={entry.label}
          links={entry.items}
          onNavigate={onNavigate}
        />
      );
    }
    return (
      <ul key={entry.id} className={`${styles.list} ${styles.single}`}>
        <li>
          <MenuLink link={entry} onNavigate={onNavigate} />
        </li>
      </ul>
    );
  });
}
