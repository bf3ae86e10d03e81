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
import { declareRoutes } from '../../plugins/define-route.ts';
import { sendDownload } from '../../plugins/route-replies.ts';
import type { SubscriptionReadsService } from './subscription-reads.service.ts';

/** Shop base: reading subscriptions. */
export const subscriptionReadsRoutes: FastifyPluginAsyncZod<{ reads: SubscriptionReadsService }> = async (
  app,
  { reads },
) => {
  const route = declareRoutes(app, { tags: ['subscriptions'] });

  route.get(
    '/subscriptions/my',
    {
      access: 'signed-in',
      summary: "The caller's subscriptions in every state, newest purchase first",
      response: { 200: subscriptionsResponse },
    },
    (request) => reads.listOwn(requirePrincipal(request)),
  );

  route.get(
    '/subscriptions/by-user/:userId',
    {
      action: 'subscription:read',
      summary: "A user's subscriptions (the user themself or an admin)",
      params: subscriptionsOfUserParams,
      response: { 200: subscriptionsResponse },
    },
    (request) => reads.listOfUser(requirePrincipal(request), request.params.userId),
  );

  route.get(
    '/subscriptions/by-price/:priceId',
    {
      action: 'subscription:list',
      summary: "A page of a price's subscriptions (its owner or an admin)",
      params: subscriptionsOfPriceParams,
      querystring: subscriptionsOfPriceQuery,
      response: { 200: subscriptionPageResponse },
    },
    (request) => reads.pageOfPrice(requirePrincipal(request), request.params.priceId, request.query),
  );

  route.get(
    '/subscriptions/by-price/:priceId/export',
    {
      action: 'subscription:list',
      summary: "A price's subscribers as a CSV file, newest purchase first (its owner or an admin)",
      params: subscriptionsOfPriceParams,
      produces: ['text/csv'],
    },
    async (request, reply) => {
      const { filename, csv } = await reads.exportOfPrice(requirePrincipal(request), request.params.priceId);
      return sendDownload(reply, 'text/csv; charset=utf-8', { filename, body: csv });
    },
  );

  route.get(
    '/subscriptions/by-plan/:planId',
    {
      action: 'subscription:list',
      summary: "A page of a plan's subscriptions (its owner or an admin)",
      params: subscriptionsOfPlanParams,
      querystring: subscriptionsOfPlanQuery,
      response: { 200: subscriptionPageResponse },
    },
    (request) => reads.pageOfPlan(requirePrincipal(request), request.params.planId, request.query),
  );

  route.get(
    '/subscriptions/:id',
    {
      action: 'subscription:read',
      summary: 'One subscription (its subscriber, the plan owner or an admin)',
      params: subscriptionIdParams,
      response: { 200: subscriptionResponse },
    },
    (request) => reads.getOne(requirePrincipal(request), request.params.id),
  );
};
