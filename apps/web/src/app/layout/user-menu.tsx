import { DisplayName } from '../../components/display-name/display-name.tsx';
import { LogOutIcon, ThumbUpIcon } from '../../components/icons/icons.tsx';
import { Dropdown, type DropdownItem } from '../../components/ui/dropdown/dropdown.tsx';
import { getDashboardLinksFor } from '../../config/dashboard-links.ts';
import type { SessionUser } from '../../lib/auth/auth-context.ts';

interface UserMenuProps {
  user: SessionUser;
  onVote: () => void;
  onSignOut: () => void;
}

/** The signed-in user's dropdown: dashboard links allowed by their roles, Vote and Log out. */
export function UserMenu({ user, onVote, onSignOut }: UserMenuProps) {
  const items: DropdownItem[] = [
    ...getDashboardLinksFor(user.roles).map((link) => ({
      id: link.route,
      kind: 'route' as const,
      label: link.name,
      to: link.route,
    })),
    { id: 'vote', kind: 'action', label: 'Vote', icon: <ThumbUpIcon size={16} />, onSelect: onVote },
    { id: 'log-out', kind: 'action', label: 'Log out', icon: <LogOutIcon size={16} />, onSelect: onSignOut },
  ];
  return <Dropdown label={<DisplayName user={user} />} menuLabel="Account" items={items} align="end" />;
}
