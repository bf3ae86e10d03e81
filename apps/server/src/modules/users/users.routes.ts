import { currentUserResponse, userLookupQuery, userLookupResponse } from '@ember/contracts/identity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import type { UsersService } from './users.service.ts';

/** Shop base. */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  const route = declareRoutes(app, { tags: ['users'] });

  route.get(
    '/users/me',
    {
      access: 'signed-in',
      summary: 'The signed-in account',
      response: { 200: currentUserResponse },
    },
    async (request) => users.getCurrentUser(requirePrincipal(request)),
  );

  route.get(
    '/users/lookup',
    {
      action: 'user:lookup',
      limit: 'user-lookup',
      summary: "An account's username and display name by Discord id (before a gift or transfer)",
      querystring: userLookupQuery,
      response: { 200: userLookupResponse },
    },
    async (request) => users.lookUpByDiscordId(requirePrincipal(request), request.query.discordId),
  );
};
