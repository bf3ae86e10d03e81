import { Forbidden } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/access-control.ts';

const isAdmin = (principal: Principal) => principal.roles.includes('ADMIN');

/** The plan owner or an admin: expire, refund, add hours, delete, read a price's or plan's subscribers. */
export function assertManagesPlan(principal: Principal, planOwnerId: number): void {
  if (principal.userId !== planOwnerId && !isAdmin(principal)) {
    throw new Forbidden('Only the plan owner or an admin can do this.');
  }
}

/** The subscriber, or also an admin when `adminToo` (spec §2 Admin: pause and unpause any subscription). */
export function assertHolds(principal: Principal, subscriberId: number, { adminToo = false } = {}): void {
  if (principal.userId === subscriberId) return;
  if (adminToo && isAdmin(principal)) return;
  throw new Forbidden('You can only manage your own subscriptions.');
}

/** The subscriber, the plan owner or an admin. */
export function assertMaySee(
  principal: Principal,
  subscription: { userId: number; planOwnerId: number },
): void {
  if (principal.userId === subscription.userId) return;
  assertManagesPlan(principal, subscription.planOwnerId);
}
