import { accountHoldParams, accountHoldsResponse } from '@ember/contracts/commerce';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/access-control.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { AccountHoldsService } from './account-holds.service.ts';

const security = [{ bearer: [] }];

/** Commerce base: accounts held after disputes, and their release (payments staff, admins). */
export const accountHoldsRoutes: FastifyPluginAsyncZod<{ holds: AccountHoldsService }> = async (
  app,
  { holds },
) => {
  app.get(
    '/account-holds',
    {
      config: { access: routeAccess('account-hold:read') },
      schema: {
        tags: ['orders'],
        summary: 'Accounts on hold after a dispute',
        security,
        response: { 200: accountHoldsResponse },
      },
    },
    (request) => holds.list(callerOf(request)),
  );

  app.delete(
    '/account-holds/:userId',
    {
      config: { access: routeAccess('account-hold:release') },
      schema: {
        tags: ['orders'],
        summary: 'Release a held account after review (audited)',
        security,
        params: accountHoldParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await holds.release(callerOf(request), request.params.userId);
      return reply.code(204).send(null);
    },
  );
};
