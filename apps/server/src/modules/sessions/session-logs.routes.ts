import { sessionLogPageResponse, sessionLogsQuery } from '@ember/contracts/session-logs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import type { SessionLogsService } from './session-logs.service.ts';

/** Shop base. */
export const sessionLogsRoutes: FastifyPluginAsyncZod<{ sessionLogs: SessionLogsService }> = async (
  app,
  { sessionLogs },
) => {
  const route = declareRoutes(app, { tags: ['sessions'] });

  route.get(
    '/session-logs',
    {
      action: 'session-log:read',
      summary:
        'One row per game-client session, newest update first, optionally of one Discord id, and how many days rows are kept (STAFF, ADMIN)',
      querystring: sessionLogsQuery,
      response: { 200: sessionLogPageResponse },
    },
    (request) => sessionLogs.page(requirePrincipal(request), request.query),
  );
};
