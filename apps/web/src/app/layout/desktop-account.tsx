import type { LogoutScope } from '@ember/contracts/identity';
import { Link } from 'react-router';
import { CoinsIcon } from '../../components/icons/icons.tsx';
import { paths } from '../../config/paths.ts';
import { useMediaQuery } from '../../hooks/use-media-query.ts';
import type { SessionUser } from '../../lib/auth/auth-context.ts';
import { balanceLabel } from '../../lib/format/money.ts';
import styles from './desktop-account.module.css';
import { NotificationBell } from './notification-bell.tsx';
import { UserMenu } from './user-menu.tsx';

/** From this width the balance gets its own pill; narrower desktops show it inside the user menu button. */
const ROOMY_DESKTOP_QUERY = '(min-width: 1180px)';

interface DesktopAccountProps {
  user: SessionUser;
  onVote: () => void;
  onSignOut: (scope: LogoutScope) => void;
}

/**
 * The signed-in end of the desktop bar: balance, bell and user menu. One piece of code, so they
 * appear together: a part arriving late would push the balance aside under the pointer, and a
 * click meant for it would open the user menu.
 */
export function DesktopAccount({ user, onVote, onSignOut }: DesktopAccountProps) {
  const roomy = useMediaQuery(ROOMY_DESKTOP_QUERY);
  return (
    <>
      {roomy ? (
        // Where credits are bought (and the start of spending them): /products/credits.
        <Link to={paths.products.getHref('credits')} className={styles.credits} title="Buy credits">
          <CoinsIcon size={16} className={styles.creditsIcon} />
          {balanceLabel(user.balance)}
        </Link>
      ) : null}
      <NotificationBell />
      <UserMenu user={user} showBalance={!roomy} onVote={onVote} onSignOut={onSignOut} />
    </>
  );
}
