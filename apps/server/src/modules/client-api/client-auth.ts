import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Unauthorized } from '../../lib/errors.ts';
import type { ClientStanding } from '../sessions/index.ts';
import type { ClientTokens } from './client-tokens.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the client token's check read of the account (routes with `access: 'client'` only). */
    clientStanding: ClientStanding | null;
  }
}

/**
 * Authenticates the routes of the client API that declare `access: 'client'` by client token (the
 * global access hook leaves them alone, and refuses a client token everywhere else since it is no
 * product JWT). Registered inside the client API's plugin, so it applies to those routes only.
 */
export function authenticateClientTokens(app: FastifyInstance, tokens: Pick<ClientTokens, 'authenticate'>) {
  app.decorateRequest('clientStanding', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.access !== 'client') return;
    const { principal, standing } = await tokens.authenticate(request.headers.authorization);
    request.principal = principal;
    request.clientStanding = standing;
  });
}

export function requireClientStanding(request: FastifyRequest): ClientStanding {
  if (!request.clientStanding) throw new Unauthorized();
  return request.clientStanding;
}
