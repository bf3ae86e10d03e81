import type { Role } from '@ember/contracts/enums';
import { hasAnyRole } from '../lib/auth/has-any-role.ts';
import { paths } from './paths.ts';

export interface DashboardLink {
  name: string;
  route: string;
  requiredRoles: readonly Role[];
}

/** The dashboard menu of spec §6, in menu order. A link shows when the user has any required role. */
export const DASHBOARD_LINKS: readonly DashboardLink[] = [
  { name: 'My Account', route: paths.account.getHref(), requiredRoles: ['CUSTOMER'] },
  { name: 'Owner Panel', route: paths.owner.getHref(), requiredRoles: ['OWNER'] },
  { name: 'Admin Panel', route: paths.admin.getHref(), requiredRoles: ['ADMIN'] },
  { name: 'Dev Panel', route: paths.developer.getHref(), requiredRoles: ['DEVELOPER'] },
  { name: 'Session logs', route: paths.sessionLogs.getHref(), requiredRoles: ['STAFF'] },
  { name: 'Orders', route: paths.orders.getHref(), requiredRoles: ['PAYMENTS'] },
];

/** The dashboard links a user with these roles may see. */
export function getDashboardLinksFor(roles: readonly Role[]): DashboardLink[] {
  return DASHBOARD_LINKS.filter((link) => hasAnyRole(roles, link.requiredRoles));
}
