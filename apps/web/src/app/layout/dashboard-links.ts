import type { Role } from '@ember/contracts/enums';
import { type AppPath, paths } from '../../config/paths.ts';
import { hasAnyRole } from '../../lib/auth/has-any-role.ts';

export interface DashboardLink {
  name: string;
  route: string;
  requiredRoles: readonly Role[];
}

/** A route whose href needs no parameters. */
type FixedPath = Extract<AppPath, { getHref: () => string }>;

interface Dashboard {
  name: string;
  route: FixedPath;
  /**
   * Only for a route every signed-in user may open, whose menu link spec §6 still limits to a role
   * (My Account: CUSTOMER, Session logs: STAFF). Role-gated routes take their roles from paths.ts.
   */
  menuRoles?: readonly Role[];
}

/** The dashboard menu of spec §6, in menu order. */
const DASHBOARDS: readonly Dashboard[] = [
  { name: 'My Account', route: paths.account, menuRoles: ['CUSTOMER'] },
  { name: 'Owner Panel', route: paths.owner },
  { name: 'Admin Panel', route: paths.admin },
  { name: 'Dev Panel', route: paths.developer },
  { name: 'Session logs', route: paths.sessionLogs, menuRoles: ['STAFF'] },
  { name: 'Orders', route: paths.orders },
];

/**
 * The links, each needing the roles its route is declared with, so the menu never offers a page the
 * route guard would send the user away from. A link shows when the user has any required role.
 */
export const DASHBOARD_LINKS: readonly DashboardLink[] = DASHBOARDS.map(({ name, route, menuRoles }) => ({
  name,
  route: route.getHref(),
  requiredRoles: menuRoles ?? route.meta.roles ?? [],
}));

/** The dashboard links a user with these roles may see. */
export function getDashboardLinksFor(roles: readonly Role[]): DashboardLink[] {
  return DASHBOARD_LINKS.filter((link) => hasAnyRole(roles, link.requiredRoles));
}
