import type { FastifyRequest } from 'fastify';
import type { Principal, PrincipalLoader } from '../../plugins/access-control.ts';
import type { ProductTokens } from '../identity/product-token.ts';

export type ViewerResolver = (request: FastifyRequest) => Promise<Principal | null>;

/**
 * Who is looking at a public catalog route: the signed-in caller when a valid product token comes
 * along, else a guest. Owners and admins see their hidden plans and prices through the same public
 * routes the shop uses. A missing, expired or banned sign-in is treated as a guest, never an error,
 * so a stale cookie cannot break the shop.
 */
export function createViewerResolver(deps: {
  tokens: ProductTokens;
  loadPrincipal: PrincipalLoader;
}): ViewerResolver {
  return async (request) => {
    if (request.principal) return request.principal;
    const token = request.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
    if (!token) return null;
    const verified = await deps.tokens.verify(token);
    if (!verified.ok) return null;
    const userId = Number(verified.claims.sub);
    const user = Number.isSafeInteger(userId) ? await deps.loadPrincipal(userId) : null;
    if (!user?.enabled) return null;
    return { userId: user.userId, discordId: user.discordId, roles: user.roles };
  };
}
