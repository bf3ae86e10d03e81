import { ChevronDownIcon } from '../../icons/icons.tsx';
import styles from './disclosure-chevron.module.css';

/** The chevron of a button that opens a menu or a panel: it turns over and lights up while open. */
export function DisclosureChevron({ open }: { open: boolean }) {
  return <ChevronDownIcon size={16} className={`${styles.chevron} ${open ? styles.open : ''}`} />;
}
