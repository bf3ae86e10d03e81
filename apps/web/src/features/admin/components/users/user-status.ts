import type { AdminUserResponse } from '@ember/contracts/admin-users';
import type { StatusTone } from '../../../../components/ui/status-badge/status-badge.tsx';

export interface UserStanding {
  /** Active, Banned, Transferred → #id or Held. */
  label: string;
  tone: StatusTone;
  /** For tests and styling (data-status). */
  status: 'active' | 'banned' | 'transferred' | 'held';
}

/** How an account stands: a transfer explains its being disabled; a payment hold shows over Active. */
export function userStanding(user: AdminUserResponse): UserStanding {
  if (user.transferredToId !== null) {
    return { label: `Transferred \u2192 #${user.transferredToId}`, tone: 'expired', status: 'transferred' };
  }
  if (!user.enabled) return { label: 'Banned', tone: 'danger', status: 'banned' };
  if (user.heldAt !== null) return { label: 'Held', tone: 'pending', status: 'held' };
  return { label: 'Active', tone: 'success', status: 'active' };
}

/** The name staff know the account by: 'Casual Carl (customer)', or the username alone. */
export function userName(user: Pick<AdminUserResponse, 'username' | 'displayName'>): string {
  return user.displayName && user.displayName !== user.username
    ? `${user.displayName} (${user.username})`
    : user.username;
}

/** 'Casual Carl (customer) #11'. */
export function userLabel(user: Pick<AdminUserResponse, 'id' | 'username' | 'displayName'>): string {
  return `${userName(user)} #${user.id}`;
}
