import type { FastifyInstance } from 'fastify';
import type { ClientTokens } from './client-tokens.service.ts';

/**
 * Authenticates the routes of the client API that declare `access: 'client'` by client token (the
 * global access hook leaves them alone, and refuses a client token everywhere else since it is no
 * product JWT). Registered inside the client API's plugin, so it applies to those routes only.
 */
export function authenticateClientTokens(app: FastifyInstance, tokens: Pick<ClientTokens, 'authenticate'>) {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.access !== 'client') return;
    request.principal = await tokens.authenticate(request.headers.authorization);
  });
}
