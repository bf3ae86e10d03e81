import { currentUserResponse } from '@ember/contracts/identity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access-control.ts';
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
};
