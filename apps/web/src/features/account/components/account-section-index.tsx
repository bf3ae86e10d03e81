import styles from './account-section-index.module.css';

/** The sections of /account in the order a phone shows them; each id is its wrapper's on the page. */
const ACCOUNT_SECTIONS = [
  { id: 'account-summary', label: 'Summary' },
  { id: 'account-vip', label: 'VIP' },
  { id: 'account-sessions', label: 'Sessions' },
  { id: 'account-devices', label: 'Devices' },
  { id: 'account-gift-credits', label: 'Gift credits' },
  { id: 'account-notifications', label: 'Notifications' },
  { id: 'account-subscriptions', label: 'Subscriptions' },
  { id: 'account-transactions', label: 'Transactions' },
  { id: 'account-orders', label: 'Orders' },
] as const;

/**
 * The page's index below 900 px, where /account is one long column (issue 34, item 8): plain
 * in-page links, so a tap, or Tab and Enter, jumps to a section and the next Tab continues there.
 * It stays under the top bar while the page scrolls.
 */
export function AccountSectionIndex() {
  return (
    <nav aria-label="Sections of this page" className={styles.index}>
      <ul className={styles.list}>
        {ACCOUNT_SECTIONS.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`} className={styles.link}>
              {section.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
