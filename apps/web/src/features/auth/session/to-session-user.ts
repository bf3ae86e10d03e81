import type { CurrentUser } from '@ember/contracts/identity';
import type { SessionUser } from '../../../lib/auth/auth-context.ts';

/** What the shell needs of the current user. */
export function toSessionUser(user: CurrentUser): SessionUser {
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    discordId: user.discordId,
    balance: user.balance,
    roles: user.roles,
    vip: user.vip,
  };
}
