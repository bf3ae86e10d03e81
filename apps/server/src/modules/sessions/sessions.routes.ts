import {
  resetSessionsResponse,
  sessionSummariesResponse,
  sessionsOfUserParams,
} from '@ember/contracts/sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import type { SessionsService } from './sessions.service.ts';

/** Shop base. */
export const sessionsRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService }> = async (
  app,
  { sessions },
) => {
  const route = declareRoutes(app, { tags: ['sessions'] });

  route.delete(
    '/sessions',
    {
      action: 'session:delete',
      summary: "End all of the signed-in user's game-client sessions",
      response: { 200: resetSessionsResponse },
    },
    async (request) => ({ deleted: await sessions.resetOwnSessions(requirePrincipal(request)) }),
  );

  route.get(
    '/sessions/by-user/:id',
    {
      action: 'session:read',
      summary: 'Running sessions and limits per plugin of a user (the user themself, staff or admins)',
      params: sessionsOfUserParams,
      response: { 200: sessionSummariesResponse },
    },
    async (request) => sessions.summaryOf(requirePrincipal(request), request.params.id),
  );
};
