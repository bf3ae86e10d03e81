import type { Role } from '@ember/contracts/enums';
import { Forbidden, Unauthorized } from '../lib/errors.ts';
import type { Access, Principal } from '../plugins/access-control.ts';
import { type Action, POLICY, type Rule } from './actions.ts';
import { REFUSAL_MESSAGES, type Refusal } from './refusals.ts';
import { effectiveRoles, STAFF_ROLES } from './roles.ts';

/** Whose a resource is: its developer (`ownerId`) and/or the account it belongs to (`userId`). */
export interface Resource {
  ownerId?: number;
  userId?: number;
}

/** The role that allowed an action; GUEST for a public action done while signed out. */
export type GrantingRole = Role | 'GUEST';

export type Decision = { allowed: true; role: GrantingRole } | { allowed: false; refusal: Refusal };

const firstHeld = (wanted: readonly Role[] | undefined, held: ReadonlySet<Role>) =>
  wanted?.find((role) => held.has(role));

/** The one place that decides who may do which action on which resource. */
export function decide(principal: Principal | null, action: Action, resource?: Resource): Decision {
  const rule: Rule = POLICY[action];
  if (rule.guest) return { allowed: true, role: principal ? 'CUSTOMER' : 'GUEST' };
  if (!principal) return { allowed: false, refusal: 'SIGN_IN' };
  const held = effectiveRoles(principal.roles);
  const isSelf = resource?.userId === principal.userId;
  const isOwner = resource?.ownerId === principal.userId;
  const role =
    (isSelf ? firstHeld(rule.self, held) : undefined) ??
    (isOwner ? firstHeld(rule.owner, held) : undefined) ??
    firstHeld(rule.any, held);
  if (role) return { allowed: true, role };
  // Holding a role that would allow it on one's own resource: the refusal is about whose it is.
  const couldOwn =
    resource !== undefined &&
    ((!isSelf && firstHeld(rule.self, held) !== undefined) ||
      (!isOwner && firstHeld(rule.owner, held) !== undefined));
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
 * The coarse route gate for an action: public, any signed-in account, or the roles that could be
 * allowed it on some resource. The service still asks `authorize` with the resource.
 */
export function routeAccess(action: Action): Access {
  const rule: Rule = POLICY[action];
  if (rule.guest) return 'public';
  const roles = new Set<Role>([...(rule.self ?? []), ...(rule.owner ?? []), ...(rule.any ?? [])]);
  return roles.has('CUSTOMER') ? 'signed-in' : [...roles];
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
