import {
  endedSessionsResponse,
  sessionIdBody,
  sessionIdQuery,
  sessionsOfUserParams,
} from '@ember/contracts/sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/access-control.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { SessionAdminService } from './session-admin.service.ts';

const tags = ['sessions'];
const security = [{ bearer: [] }];
const response = { 200: endedSessionsResponse };

/** Shop base: staff and admin session calls (spec §7 Sessions); the §8 toast text is the answer's message. */
export const sessionAdminRoutes: FastifyPluginAsyncZod<{ sessionAdmin: SessionAdminService }> = async (
  app,
  { sessionAdmin },
) => {
  app.delete(
    '/sessions/by-user/:id',
    {
      config: { access: routeAccess('session:delete') },
      schema: {
        tags,
        summary:
          "End every game-client session of a user: 'Sessions cleared!' to the user themself, 'Database flushed!' to an admin",
        security,
        params: sessionsOfUserParams,
        response,
      },
    },
    (request) => sessionAdmin.endSessionsOf(callerOf(request), request.params.id),
  );

  app.put(
    '/sessions',
    {
      config: { access: routeAccess('session:delete') },
      schema: {
        tags,
        summary: 'Delete one game-client session (its user, or an admin)',
        security,
        body: sessionIdBody,
        response,
      },
    },
    (request) => sessionAdmin.endSession(callerOf(request), request.body.id, 'delete'),
  );

  app.put(
    '/sessions/kill',
    {
      config: { access: routeAccess('session:kill') },
      schema: {
        tags,
        summary: "Kill one game-client session (admins): its next heartbeat is refused. 'Session killed!'",
        security,
        body: sessionIdBody,
        response,
      },
    },
    (request) => sessionAdmin.endSession(callerOf(request), request.body.id, 'kill'),
  );

  app.delete(
    '/sessions/disconnect',
    {
      config: { access: routeAccess('session:disconnect') },
      schema: {
        tags,
        summary: "Disconnect one game-client session (admins): 'Disconnected!'",
        security,
        querystring: sessionIdQuery,
        response,
      },
    },
    (request) => sessionAdmin.endSession(callerOf(request), request.query.id, 'disconnect'),
  );

  app.delete(
    '/sessions/flush',
    {
      config: { access: routeAccess('session:clear-all') },
      schema: {
        tags,
        summary: "End every game-client session of every user (admins): 'Sessions cleared!'",
        security,
        response,
      },
    },
    (request) => sessionAdmin.flush(callerOf(request)),
  );
};
