import {
  clientSessionOpenedResponse,
  clientSessionParams,
  clientSessionsResponse,
  heartbeatResponse,
  openClientSessionBody,
} from '@ember/contracts/client-sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../plugins/access-control.ts';
import type { ClientSessions } from '../sessions/index.ts';
import { requireClientStanding } from './client-auth.ts';

const tags = ['client'];
const security = [{ bearer: [] }];

/** The game client's sessions, inside the client API's plugin (client-token authentication). */
export const clientSessionsRoutes: FastifyPluginAsyncZod<{ sessions: ClientSessions }> = async (
  app,
  { sessions },
) => {
  app.post(
    '/sessions',
    {
      config: { access: 'client' },
      schema: {
        tags,
        summary:
          'Open a session for a plugin or the client itself (pseudo ids 0, 65535, 65536), within the limits',
        security,
        body: openClientSessionBody,
        response: { 201: clientSessionOpenedResponse },
      },
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

  app.post(
    '/sessions/:sessionId/heartbeat',
    {
      config: { access: 'client' },
      schema: {
        tags,
        summary: 'Keep a session running; the limits are checked again',
        security,
        params: clientSessionParams,
        response: { 200: heartbeatResponse },
      },
    },
    (request) =>
      sessions.heartbeat(requirePrincipal(request), request.params.sessionId, requireClientStanding(request)),
  );

  app.delete(
    '/sessions/:sessionId',
    {
      config: { access: 'client' },
      schema: {
        tags,
        summary: 'Close a session',
        security,
        params: clientSessionParams,
        response: { 204: z.null().describe('Closed') },
      },
    },
    async (request, reply) => {
      await sessions.close(requirePrincipal(request), request.params.sessionId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/sessions',
    {
      config: { access: 'client' },
      schema: {
        tags,
        summary: "The caller's running sessions",
        security,
        response: { 200: clientSessionsResponse },
      },
    },
    (request) => sessions.list(requirePrincipal(request)),
  );
};
