import {
  addHoursQuery,
  addHoursToPriceQuery,
  addHoursToPriceResponse,
  HOURS_ADDED_MESSAGE,
  pauseQuery,
  refundBody,
  subscriptionIdParams,
  subscriptionResponse,
} from '@ember/contracts/subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../plugins/access-control.ts';
import type { SubscriptionManagementService } from './subscription-management.service.ts';

const tags = ['subscriptions'];
const security = [{ bearer: [] }];
const planManagers = ['DEVELOPER', 'ADMIN'] as const;

/** Shop base: changing a subscription after the sale. */
export const subscriptionManagementRoutes: FastifyPluginAsyncZod<{
  management: SubscriptionManagementService;
}> = async (app, { management }) => {
  app.put(
    '/subscriptions/:id/extend',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Buy one more period at the extension price (your own subscription, once)',
        security,
        params: subscriptionIdParams,
        response: { 200: subscriptionResponse },
      },
    },
    (request) => management.extend(requirePrincipal(request), request.params.id),
  );

  app.put(
    '/subscriptions/:id/pause',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Pause for up to 14 days, once (the subscriber or an admin)',
        security,
        params: subscriptionIdParams,
        querystring: pauseQuery,
        response: { 200: subscriptionResponse },
      },
    },
    (request) => management.pause(requirePrincipal(request), request.params.id, request.query.days),
  );

  app.put(
    '/subscriptions/:id/unpause',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'End the pause early, keeping the time that was left (the subscriber or an admin)',
        security,
        params: subscriptionIdParams,
        response: { 200: subscriptionResponse },
      },
    },
    (request) => management.unpause(requirePrincipal(request), request.params.id),
  );

  app.put(
    '/subscriptions/:id/expire',
    {
      config: { access: [...planManagers] },
      schema: {
        tags,
        summary: 'End a subscription now (the plan owner or an admin)',
        security,
        params: subscriptionIdParams,
        response: { 200: subscriptionResponse },
      },
    },
    (request) => management.expire(requirePrincipal(request), request.params.id),
  );

  app.post(
    '/subscriptions/refund',
    {
      config: { access: [...planManagers] },
      schema: {
        tags,
        summary: 'Refund credits (default: the purchase price), take back the developer share, end it',
        security,
        body: refundBody,
        response: { 200: subscriptionResponse },
      },
    },
    (request) => management.refund(requirePrincipal(request), request.body.id, request.body.amount),
  );

  app.put(
    '/subscriptions/:id/add-hours',
    {
      config: { access: [...planManagers] },
      schema: {
        tags,
        summary: 'Add hours to one running subscription (the plan owner or an admin)',
        security,
        params: subscriptionIdParams,
        querystring: addHoursQuery,
        response: { 200: subscriptionResponse },
      },
    },
    (request) => management.addHours(requirePrincipal(request), request.params.id, request.query.hours),
  );

  app.put(
    '/subscriptions/add-hours',
    {
      config: { access: [...planManagers] },
      schema: {
        tags,
        summary: 'Add hours to every active subscription of a price (its owner or an admin)',
        security,
        querystring: addHoursToPriceQuery,
        response: { 200: addHoursToPriceResponse },
      },
    },
    async (request) => ({
      message: HOURS_ADDED_MESSAGE,
      updated: await management.addHoursToPrice(
        requirePrincipal(request),
        request.query.priceId,
        request.query.hours,
      ),
    }),
  );

  app.delete(
    '/subscriptions/:id',
    {
      config: { access: [...planManagers] },
      schema: {
        tags,
        summary: 'Delete a subscription no money is attached to (the plan owner or an admin)',
        security,
        params: subscriptionIdParams,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await management.remove(requirePrincipal(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
