import { UNREAD_COUNT_CAP } from '@ember/contracts/notifications';
import { NavLink } from 'react-router';
import { BellIcon } from '../../components/icons/icons.tsx';
import { paths } from '../../config/paths.ts';
import { useUnreadCount } from '../../features/notifications/api/get-unread-count.ts';
import styles from './notification-bell.module.css';

/** The header's bell: how many notifications are unread (99+ past that), linking to the list. */
export function NotificationBell() {
  const unread = useUnreadCount().data?.unread ?? 0;
  const shown = unread >= UNREAD_COUNT_CAP ? '99+' : String(unread);
  return (
    <NavLink
      to={paths.notifications.getHref()}
      className={({ isActive }) => `${styles.bell} ${isActive ? styles.active : ''}`}
      aria-label={unread === 0 ? 'Notifications' : `Notifications, ${shown} unread`}
      data-testid="notification-bell"
    >
      <BellIcon size={20} />
      {unread > 0 ? (
        <span className={styles.count} aria-hidden="true">
          {shown}
        </span>
      ) : null}
    </NavLink>
  );
}
