import {
  resetSessionsResponse,
  sessionSummariesResponse,
  sessionsOfUserParams,
} from '@ember/contracts/sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access-control.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { SessionsService } from './sessions.service.ts';

/** Shop base. */
export const sessionsRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService }> = async (
  app,
  { sessions },
) => {
  app.delete(
    '/sessions',
    {
      config: { access: routeAccess('session:delete') },
      schema: {
        tags: ['sessions'],
        summary: "End all of the signed-in user's game-client sessions",
        security: [{ bearer: [] }],
        response: { 200: resetSessionsResponse },
      },
    },
    async (request) => ({ deleted: await sessions.resetOwnSessions(requirePrincipal(request)) }),
  );

  app.get(
    '/sessions/by-user/:id',
    {
      config: { access: routeAccess('session:read') },
      schema: {
        tags: ['sessions'],
        summary: 'Running sessions and limits per plugin of a user (the user themself, staff or admins)',
        security: [{ bearer: [] }],
        params: sessionsOfUserParams,
        response: { 200: sessionSummariesResponse },
      },
    },
    async (request) => sessions.summaryOf(requirePrincipal(request), request.params.id),
  );
};
