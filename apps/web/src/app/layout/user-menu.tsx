import type { LogoutScope } from '@ember/contracts/identity';
import { DisplayName } from '../../components/display-name/display-name.tsx';
import { LogOutIcon, ThumbUpIcon } from '../../components/icons/icons.tsx';
import { Dropdown, type DropdownItem } from '../../components/ui/dropdown/dropdown.tsx';
import { paths } from '../../config/paths.ts';
import type { SessionUser } from '../../lib/auth/auth-context.ts';
import { balanceLabel } from '../../lib/format/money.ts';
import { getDashboardLinksFor } from './dashboard-links.ts';
import { LOG_OUT_CHOICES } from './log-out-choices.ts';
import styles from './user-menu.module.css';

interface UserMenuProps {
  user: SessionUser;
  /** Show 'Credits: {balance}' under the name (when there is no room for a separate balance pill). */
  showBalance: boolean;
  onVote: () => void;
  onSignOut: (scope: LogoutScope) => void;
}

/** The signed-in user's dropdown: dashboard links allowed by their roles, Vote, and Log out of this device or all. */
export function UserMenu({ user, showBalance, onVote, onSignOut }: UserMenuProps) {
  const items: DropdownItem[] = [
    // The balance in the button is no link of its own; the menu leads to where credits are bought.
    ...(showBalance
      ? [
          {
            id: 'buy-credits',
            kind: 'route' as const,
            label: 'Buy credits',
            to: paths.products.getHref('credits'),
          },
        ]
      : []),
    ...getDashboardLinksFor(user.roles).map((link) => ({
      id: link.route,
      kind: 'route' as const,
      label: link.name,
      to: link.route,
    })),
    { id: 'vote', kind: 'action', label: 'Vote', icon: <ThumbUpIcon size={16} />, onSelect: onVote },
    ...LOG_OUT_CHOICES.map(({ id, scope, label }) => ({
      id,
      kind: 'action' as const,
      label,
      icon: <LogOutIcon size={16} />,
      onSelect: () => onSignOut(scope),
    })),
  ];
  const label = showBalance ? (
    <span className={styles.stacked}>
      <DisplayName user={user} className={styles.name} />
      <span className={styles.balance}>{balanceLabel(user.balance)}</span>
    </span>
  ) : (
    <DisplayName user={user} className={styles.name} />
  );
  return <Dropdown label={label} menuLabel="Account" items={items} align="end" />;
}
