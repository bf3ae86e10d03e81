import { accountHoldParams, accountHoldsResponse } from '@ember/contracts/commerce';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import { noContent, noContentResponse } from '../../plugins/route-replies.ts';
import type { AccountHoldsService } from './account-holds.service.ts';

/** Commerce base: accounts held after disputes, and their release (payments staff, admins). */
export const accountHoldsRoutes: FastifyPluginAsyncZod<{ holds: AccountHoldsService }> = async (
  app,
  { holds },
) => {
  const route = declareRoutes(app, { tags: ['orders'] });

  route.get(
    '/account-holds',
    {
      action: 'account-hold:read',
      summary: 'Accounts on hold after a dispute',
      response: { 200: accountHoldsResponse },
    },
    (request) => holds.list(callerOf(request)),
  );

  route.delete(
    '/account-holds/:userId',
    {
      action: 'account-hold:release',
      summary: 'Release a held account after review (audited)',
      params: accountHoldParams,
      response: noContentResponse(),
    },
    noContent((request) => holds.release(callerOf(request), request.params.userId)),
  );
};
