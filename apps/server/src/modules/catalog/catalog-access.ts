import { Forbidden } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/access-control.ts';

/** Spec §6: a developer manages their own plans and prices; an admin manages any. */
export function canManage(viewer: Principal | null, ownerId: number): boolean {
  return viewer !== null && (viewer.userId === ownerId || viewer.roles.includes('ADMIN'));
}

export function assertCanManage(viewer: Principal, ownerId: number, what: 'plan' | 'price'): void {
  if (!canManage(viewer, ownerId)) throw new Forbidden(`You can only manage your own ${what}s.`);
}

/** In the shop: enabled by the admins and not hidden by the owner. */
export const isPlanListed = (plan: { enabled: boolean; hidden: boolean }) => plan.enabled && !plan.hidden;

/** Buyable: the price is enabled and shown, and so is its plan. */
export const isPriceListed = (
  price: { enabled: boolean; hidden: boolean },
  plan: { enabled: boolean; hidden: boolean },
) => isPlanListed(plan) && price.enabled && !price.hidden;
