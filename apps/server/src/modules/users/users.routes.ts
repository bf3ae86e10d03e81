import { currentUserResponse, userLookupQuery, userLookupResponse } from '@ember/contracts/identity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access-control.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { UsersService } from './users.service.ts';

/** Shop base. */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/users/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        summary: 'The signed-in account',
        security: [{ bearer: [] }],
        response: { 200: currentUserResponse },
      },
    },
    async (request) => users.getCurrentUser(requirePrincipal(request)),
  );

  app.get(
    '/users/lookup',
    {
      config: { access: routeAccess('user:lookup'), limit: 'user-lookup' },
      schema: {
        tags: ['users'],
        summary: "An account's username and display name by Discord id (before a gift or transfer)",
        security: [{ bearer: [] }],
        querystring: userLookupQuery,
        response: { 200: userLookupResponse },
      },
    },
    async (request) => users.lookUpByDiscordId(requirePrincipal(request), request.query.discordId),
  );
};
