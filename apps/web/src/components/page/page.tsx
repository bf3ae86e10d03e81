import type { ReactNode } from 'react';
import styles from './page.module.css';

interface PageProps {
  /** The page's h1. */
  title: ReactNode;
  /** Small line above the title, e.g. 'Legal'. */
  eyebrow?: string;
  description?: ReactNode;
  /** Buttons next to / below the title. */
  actions?: ReactNode;
  /** Rendered above the title (e.g. Breadcrumbs). */
  above?: ReactNode;
  /** narrow: reading width for documents. */
  width?: 'default' | 'narrow';
  children?: ReactNode;
}

/** The standard frame of a content page: a header band and the page body at a consistent width. */
export function Page({
  title,
  eyebrow,
  description,
  actions,
  above,
  width = 'default',
  children,
}: PageProps) {
  const widthClass = width === 'narrow' ? styles.narrow : '';
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={`${styles.inner} ${widthClass}`}>
          {above}
          <div className={styles.headingRow}>
            <div className={styles.headingText}>
              {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
              <h1 className={styles.title}>{title}</h1>
              {description ? <p className={styles.description}>{description}</p> : null}
            </div>
            {actions ? <div className={styles.actions}>{actions}</div> : null}
          </div>
        </div>
      </header>
      {children ? <div className={`${styles.inner} ${widthClass} ${styles.body}`}>{children}</div> : null}
    </div>
  );
}
