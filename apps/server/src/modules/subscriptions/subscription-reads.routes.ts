import {
  subscriptionIdParams,
  subscriptionPageResponse,
  subscriptionResponse,
  subscriptionsOfPlanParams,
  subscriptionsOfPlanQuery,
  subscriptionsOfPriceParams,
  subscriptionsOfPriceQuery,
  subscriptionsOfUserParams,
  subscriptionsResponse,
} from '@ember/contracts/subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access-control.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { SubscriptionReadsService } from './subscription-reads.service.ts';

const tags = ['subscriptions'];
const security = [{ bearer: [] }];

/** Shop base: reading subscriptions. */
export const subscriptionReadsRoutes: FastifyPluginAsyncZod<{ reads: SubscriptionReadsService }> = async (
  app,
  { reads },
) => {
  app.get(
    '/subscriptions/my',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "The caller's subscriptions in every state, newest purchase first",
        security,
        response: { 200: subscriptionsResponse },
      },
    },
    (request) => reads.listOwn(requirePrincipal(request)),
  );

  app.get(
    '/subscriptions/by-user/:userId',
    {
      config: { access: routeAccess('subscription:read') },
      schema: {
        tags,
        summary: "A user's subscriptions (the user themself or an admin)",
        security,
        params: subscriptionsOfUserParams,
        response: { 200: subscriptionsResponse },
      },
    },
    (request) => reads.listOfUser(requirePrincipal(request), request.params.userId),
  );

  app.get(
    '/subscriptions/by-price/:priceId',
    {
      config: { access: routeAccess('subscription:list') },
      schema: {
        tags,
        summary: "A page of a price's subscriptions (its owner or an admin)",
        security,
        params: subscriptionsOfPriceParams,
        querystring: subscriptionsOfPriceQuery,
        response: { 200: subscriptionPageResponse },
      },
    },
    (request) => reads.pageOfPrice(requirePrincipal(request), request.params.priceId, request.query),
  );

  app.get(
    '/subscriptions/by-price/:priceId/export',
    {
      config: { access: routeAccess('subscription:list') },
      schema: {
        tags,
        summary: "A price's subscribers as a CSV file, newest purchase first (its owner or an admin)",
        security,
        params: subscriptionsOfPriceParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { filename, csv } = await reads.exportOfPrice(requirePrincipal(request), request.params.priceId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/subscriptions/by-plan/:planId',
    {
      config: { access: routeAccess('subscription:list') },
      schema: {
        tags,
        summary: "A page of a plan's subscriptions (its owner or an admin)",
        security,
        params: subscriptionsOfPlanParams,
        querystring: subscriptionsOfPlanQuery,
        response: { 200: subscriptionPageResponse },
      },
    },
    (request) => reads.pageOfPlan(requirePrincipal(request), request.params.planId, request.query),
  );

  app.get(
    '/subscriptions/:id',
    {
      config: { access: routeAccess('subscription:read') },
      schema: {
        tags,
        summary: 'One subscription (its subscriber, the plan owner or an admin)',
        security,
        params: subscriptionIdParams,
        response: { 200: subscriptionResponse },
      },
    },
    (request) => reads.getOne(requirePrincipal(request), request.params.id),
  );
};
