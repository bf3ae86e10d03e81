import type { Role } from '@ember/contracts/enums';

/**
 * The roles a principal acts with: every signed-in account is a customer (spec §6 My Account), and a
 * premium developer is a developer who may also request payouts ("also", spec §6).
 */
export function effectiveRoles(roles: readonly Role[]): ReadonlySet<Role> {
  const effective = new Set<Role>(['CUSTOMER', ...roles]);
  if (effective.has('PREMIUM_DEVELOPER')) effective.add('DEVELOPER');
  return effective;
}

/** Roles that act for the store rather than for themselves. */
export const STAFF_ROLES: readonly Role[] = ['OWNER', 'ADMIN', 'STAFF', 'PAYMENTS'];
