import {
  endedSessionsResponse,
  sessionIdBody,
  sessionIdQuery,
  sessionsOfUserParams,
} from '@ember/contracts/sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import type { SessionAdminService } from './session-admin.service.ts';

const response = { 200: endedSessionsResponse };

/** Shop base: staff and admin session calls (spec §7 Sessions); the §8 toast text is the answer's message. */
export const sessionAdminRoutes: FastifyPluginAsyncZod<{ sessionAdmin: SessionAdminService }> = async (
  app,
  { sessionAdmin },
) => {
  const route = declareRoutes(app, { tags: ['sessions'] });

  route.delete(
    '/sessions/by-user/:id',
    {
      action: 'session:delete',
      summary:
        "End every game-client session of a user: 'Sessions cleared!' to the user themself, 'Database flushed!' to an admin",
      params: sessionsOfUserParams,
      response,
    },
    (request) => sessionAdmin.endSessionsOf(callerOf(request), request.params.id),
  );

  route.put(
    '/sessions',
    {
      action: 'session:delete',
      summary: 'Delete one game-client session (its user, or an admin)',
      body: sessionIdBody,
      response,
    },
    (request) => sessionAdmin.endSession(callerOf(request), request.body.id, 'delete'),
  );

  route.put(
    '/sessions/kill',
    {
      action: 'session:kill',
      summary: "Kill one game-client session (admins): its next heartbeat is refused. 'Session killed!'",
      body: sessionIdBody,
      response,
    },
    (request) => sessionAdmin.endSession(callerOf(request), request.body.id, 'kill'),
  );

  route.delete(
    '/sessions/disconnect',
    {
      action: 'session:disconnect',
      summary: "Disconnect one game-client session (admins): 'Disconnected!'",
      querystring: sessionIdQuery,
      response,
    },
    (request) => sessionAdmin.endSession(callerOf(request), request.query.id, 'disconnect'),
  );

  route.delete(
    '/sessions/flush',
    {
      action: 'session:clear-all',
      summary: "End every game-client session of every user (admins): 'Sessions cleared!'",
      response,
    },
    (request) => sessionAdmin.flush(callerOf(request)),
  );
};
