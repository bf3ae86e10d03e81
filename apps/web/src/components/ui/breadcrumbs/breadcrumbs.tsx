import { Link } from 'react-router';
import { ChevronRightIcon } from '../../icons/icons.tsx';
import styles from './breadcrumbs.module.css';

export interface Breadcrumb {
  label: string;
  /** Omitted for the current page (always the last crumb). */
  to?: string;
}

/** "Home > Plugins > Plan name": where the page sits, each level a link. */
export function Breadcrumbs({ items }: { items: readonly Breadcrumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
      <ol className={styles.list}>
        {items.map((item, index) => {
          const isLast = index === items.length - 1;
          return (
            <li key={`${item.to ?? 'current'}:${item.label}`} className={styles.item}>
              {item.to && !isLast ? (
                <Link to={item.to} className={styles.link}>
                  {item.label}
                </Link>
              ) : (
                <span className={styles.current} aria-current={isLast ? 'page' : undefined}>
                  {item.label}
                </span>
              )}
              {isLast ? null : <ChevronRightIcon size={14} className={styles.separator} />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
