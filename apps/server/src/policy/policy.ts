import type { Role } from '@ember/contracts/enums';
import { type Action, grantingRole, POLICY, type Rule, rolesOfRule } from '@ember/contracts/policy';
import { Forbidden, Unauthorized } from '../lib/errors.ts';
import type { Access, GrantingRole, Principal, RoleGate } from './identity.ts';
import { REFUSAL_MESSAGES, type Refusal } from './refusals.ts';

/** Whose a resource is: its developer (`ownerId`) and/or the account it belongs to (`userId`). */
export interface Resource {
  ownerId?: number;
  userId?: number;
}

export type Decision = { allowed: true; role: GrantingRole } | { allowed: false; refusal: Refusal };

/** Roles that act for the store rather than for themselves. */
const STAFF_ROLES: readonly Role[] = ['OWNER', 'ADMIN', 'STAFF', 'PAYMENTS'];

/** The one place that decides who may do which action on which resource. */
export function decide(principal: Principal | null, action: Action, resource?: Resource): Decision {
  const rule: Rule = POLICY[action];
  if (rule.guest) return { allowed: true, role: principal ? 'CUSTOMER' : 'GUEST' };
  if (!principal) return { allowed: false, refusal: 'SIGN_IN' };
  const isSelf = resource?.userId === principal.userId;
  const isOwner = resource?.ownerId === principal.userId;
  const role = grantingRole(action, principal.roles, { self: isSelf, owner: isOwner });
  if (role) return { allowed: true, role };
  // Holding a role that would allow it on one's own resource: the refusal is about whose it is.
  const couldOwn =
    resource !== undefined &&
    grantingRole(action, principal.roles, { self: !isSelf, owner: !isOwner }) !== undefined;
  return { allowed: false, refusal: couldOwn ? 'NOT_YOURS' : 'ROLE' };
}

/** The role that allows the action, or null when it is refused. */
export function can(principal: Principal | null, action: Action, resource?: Resource): GrantingRole | null {
  const decision = decide(principal, action, resource);
  return decision.allowed ? decision.role : null;
}

/**
 * Throws when the action is refused (401 to a guest, 403 otherwise, one message per kind of refusal);
 * returns the granting role, which the audit trail records as the actor's role.
 */
export function authorize(principal: Principal | null, action: Action, resource?: Resource): GrantingRole {
  const decision = decide(principal, action, resource);
  if (decision.allowed) return decision.role;
  const message = REFUSAL_MESSAGES[decision.refusal];
  throw decision.refusal === 'SIGN_IN' ? new Unauthorized(message) : new Forbidden(message);
}

/**
 * The coarse route gate for an action, and the only source of a route's role gate: public, any
 * signed-in account, or the roles that could be allowed it on some resource. The service still asks
 * `authorize` with the resource.
 */
export function routeAccess(action: Action): Access {
  const rule: Rule = POLICY[action];
  if (rule.guest) return 'public';
  const roles = rolesOfRule(action);
  return roles.includes('CUSTOMER') ? 'signed-in' : (roles as readonly Role[] as RoleGate);
}

/**
 * A staff action, which the audit trail records (DESIGN convention 12): one allowed by a staff role,
 * or one done to another account's resource (a plan owner ending a customer's subscription, say).
 * `whose` names the account the change happens to.
 */
export function isStaffAction(principal: Principal, role: GrantingRole, whose: Resource): boolean {
  const isStaffRole = role !== 'GUEST' && STAFF_ROLES.includes(role);
  return isStaffRole || (whose.ownerId !== principal.userId && whose.userId !== principal.userId);
}
