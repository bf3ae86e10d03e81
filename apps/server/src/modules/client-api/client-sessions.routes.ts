import {
  clientSessionOpenedResponse,
  clientSessionParams,
  clientSessionsResponse,
  heartbeatResponse,
  openClientSessionBody,
} from '@ember/contracts/client-sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import { noContent, noContentResponse } from '../../plugins/route-replies.ts';
import type { ClientSessions } from '../sessions/index.ts';
import { requireClientStanding } from './client-auth.ts';

/** The game client's sessions, inside the client API's plugin (client-token authentication). */
export const clientSessionsRoutes: FastifyPluginAsyncZod<{ sessions: ClientSessions }> = async (
  app,
  { sessions },
) => {
  const route = declareRoutes(app, { tags: ['client'] });

  route.post(
    '/sessions',
    {
      access: 'client',
      summary:
        'Open a session for a plugin or the client itself (pseudo ids 0, 65535, 65536), within the limits',
      body: openClientSessionBody,
      response: { 201: clientSessionOpenedResponse },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await sessions.open(
            requirePrincipal(request),
            request.body.pluginId,
            requireClientStanding(request),
          ),
        ),
  );

  route.post(
    '/sessions/:sessionId/heartbeat',
    {
      access: 'client',
      summary: 'Keep a session running; the limits are checked again',
      params: clientSessionParams,
      response: { 200: heartbeatResponse },
    },
    (request) =>
      sessions.heartbeat(requirePrincipal(request), request.params.sessionId, requireClientStanding(request)),
  );

  route.delete(
    '/sessions/:sessionId',
    {
      access: 'client',
      summary: 'Close a session',
      params: clientSessionParams,
      response: noContentResponse('Closed'),
    },
    noContent((request) => sessions.close(requirePrincipal(request), request.params.sessionId)),
  );

  route.get(
    '/sessions',
    {
      access: 'client',
      summary: "The caller's running sessions",
      response: { 200: clientSessionsResponse },
    },
    (request) => sessions.list(requirePrincipal(request)),
  );
};
