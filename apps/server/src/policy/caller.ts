import type { FastifyRequest } from 'fastify';
import type { Actor } from '../modules/audit/record-audit.ts';
import type { Principal } from '../plugins/access-control.ts';
import { requirePrincipal } from '../plugins/access-control.ts';
import type { GrantingRole } from './policy.ts';

/**
 * The signed-in caller: who they are (for the policy) and the request they came through (for the
 * audit trail; absent when a service is called outside a request, as in a script). A Caller is a
 * Principal, so services that only authorize accept one.
 */
export interface Caller extends Principal {
  requestId?: string;
  ip?: string;
}

/** For handlers of signed-in routes. */
export function callerOf(request: FastifyRequest): Caller {
  return { ...requirePrincipal(request), requestId: request.id, ip: request.ip };
}

/** The audit trail's actor: the caller acting with the role the policy granted the action by. */
export function actorOf(caller: Caller, role: GrantingRole): Actor {
  return { userId: caller.userId, role, requestId: caller.requestId ?? null, ip: caller.ip ?? null };
}

/** The actor of a request, for code that has the request rather than a Caller. */
export const actorFromRequest = (request: FastifyRequest, role: GrantingRole): Actor =>
  actorOf(callerOf(request), role);
