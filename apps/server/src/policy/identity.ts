import type { Role } from '@ember/contracts/enums';

/**
 * Who acts, as the policy and the audit trail see them. These types belong to no transport: the HTTP
 * layer (plugins/access-control.ts) fills them from a request, scripts and jobs build them directly.
 */

/** The signed-in caller, as the database knows them now (not as the token remembers them). */
export interface Principal {
  userId: number;
  discordId: string;
  roles: Role[];
}

/**
 * The signed-in caller: who they are (for the policy) and the request they came through (for the
 * audit trail; absent when a service is called outside a request, as in a script). A Caller is a
 * Principal, so services that only authorize accept one.
 */
export interface Caller extends Principal {
  requestId?: string;
  ip?: string;
}

/** The role that allowed an action; GUEST for a public action done while signed out. */
export type GrantingRole = Role | 'GUEST';

/** Who did something, as the audit trail records it. */
export interface Actor {
  /** Null for the system itself (jobs, webhooks). */
  userId: number | null;
  /** The role that allowed the action (the policy's granting role), or SYSTEM. */
  role: string;
  requestId: string | null;
  ip: string | null;
}

/** The audit trail's actor: the caller acting with the role the policy granted the action by. */
export function actorOf(caller: Caller, role: GrantingRole): Actor {
  return { userId: caller.userId, role, requestId: caller.requestId ?? null, ip: caller.ip ?? null };
}

declare const fromPolicy: unique symbol;

/** Roles a route admits, as only the policy's `routeAccess(action)` produces them. */
export type RoleGate = readonly Role[] & { readonly [fromPolicy]: true };

/**
 * Who may call a route: anyone ('public'); anyone, but a valid sign-in is recognised so owners and
 * admins see more ('optional': a missing, expired, invalid or banned sign-in is simply a guest, so a
 * stale token never breaks a public page); any signed-in user ('signed-in'); or a signed-in user
 * holding a role of the gate that `routeAccess(action)` derives from the policy's rules.
 * 'client': a game-client token, checked by the client API's own hook (modules/client-api/client-auth.ts),
 * never a product JWT.
 */
export type Access = 'public' | 'optional' | 'signed-in' | 'client' | RoleGate;
