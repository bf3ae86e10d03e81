import { SESSION_EXPIRED_MESSAGE } from '@ember/contracts/errors';
import type { JwtClaims } from '@ember/contracts/identity';
import { effectiveRoles } from '@ember/contracts/policy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Forbidden, Unauthorized } from '../lib/errors.ts';
import type { Access, Caller, Principal } from '../policy/identity.ts';
import { REFUSAL_MESSAGES } from '../policy/refusals.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** What the hook needs of the product tokens (modules/identity/product-token.ts): verifying one. */
export interface TokenVerifier {
  verify(
    token: string,
  ): Promise<{ ok: true; claims: JwtClaims } | { ok: false; reason: 'expired' | 'invalid' }>;
}

export type PrincipalLoader = (
  userId: number,
) => Promise<(Principal & { enabled: boolean; tokenVersion: number }) | null>;

export const BANNED_MESSAGE =
  'This account has been banned. Contact us on Discord if you think this is a mistake.';

/** Routes outside /api (pages, assets, documents) and the generated API docs need no declaration. */
const needsDeclaration = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * The one authorization mechanism: every API route declares `config.access` (boot fails otherwise);
 * a hook authenticates the bearer JWT, reloads the user so bans, role changes and sign-outs apply on
 * the next call, and enforces the declared roles. Ownership is checked in the services, by the policy module.
 */
export function registerAccessControl(
  app: FastifyInstance,
  deps: { tokens: TokenVerifier; loadPrincipal: PrincipalLoader },
) {
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route) => {
    if (needsDeclaration(route.url) && route.config?.access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    // Public routes never read the Authorization header: on POST /token it carries the chat-platform token.
    if (access === undefined || access === 'public' || access === 'client') return;
    if (access === 'optional') {
      request.principal = await authenticate(request, deps).catch(() => null);
      return;
    }
    request.principal = await authenticate(request, deps);
    if (access === 'signed-in') return;
    const held = effectiveRoles(request.principal?.roles ?? []);
    if (!access.some((role) => held.has(role))) throw new Forbidden(REFUSAL_MESSAGES.ROLE);
  });
}

async function authenticate(
  request: FastifyRequest,
  deps: { tokens: TokenVerifier; loadPrincipal: PrincipalLoader },
): Promise<Principal> {
  const token = request.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
  if (!token) throw new Unauthorized();
  const verified = await deps.tokens.verify(token);
  if (!verified.ok) {
    throw new Unauthorized(
      verified.reason === 'expired'
        ? SESSION_EXPIRED_MESSAGE
        : 'Your sign-in is not valid. Please log in again.',
    );
  }
  const user = await deps.loadPrincipal(Number(verified.claims.sub));
  if (!user) throw new Unauthorized('Your sign-in is not valid. Please log in again.');
  if (!user.enabled) throw new Unauthorized(BANNED_MESSAGE);
  // Signed out since this token was issued: it is revoked, like an expired one.
  if (verified.claims.ver !== user.tokenVersion) throw new Unauthorized(SESSION_EXPIRED_MESSAGE);
  return { userId: user.userId, discordId: user.discordId, roles: user.roles };
}

/** For handlers of signed-in routes: the principal is guaranteed by the hook. */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new Unauthorized();
  return request.principal;
}

/** For handlers of signed-in routes: the caller, with the request they came through for the audit trail. */
export function callerOf(request: FastifyRequest): Caller {
  return { ...requirePrincipal(request), requestId: request.id, ip: request.ip };
}
