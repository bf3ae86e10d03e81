import {
  addHoursQuery,
  addHoursToPriceQuery,
  addHoursToPriceResponse,
  addHoursToSelectedBody,
  addHoursToSelectedQuery,
  HOURS_ADDED_MESSAGE,
  pauseQuery,
  refundBody,
  subscriptionIdParams,
  subscriptionResponse,
} from '@ember/contracts/subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/access-control.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { SubscriptionManagementService } from './subscription-management.service.ts';

const tags = ['subscriptions'];
const security = [{ bearer: [] }];

/** Shop base: changing a subscription after the sale. */
export const subscriptionManagementRoutes: FastifyPluginAsyncZod<{
  management: SubscriptionManagementService;
}> = async (app, { management }) => {
  app.put(
    '/subscriptions/:id/extend',
    {
      config: { access: routeAccess('subscription:extend') },
      schema: {
        tags,
        summary: 'Buy one more period at the extension price (your own subscription, once)',
        security,
        params: subscriptionIdParams,
        response: { 200: subscriptionResponse },
      },
    },
    (request) => management.extend(callerOf(request), request.params.id),
  );

  app.put(
    '/subscriptions/:id/pause',
    {
      config: { access: routeAccess('subscription:pause') },
      schema: {
        tags,
        summary: 'Pause for up to 14 days, once (the subscriber or an admin)',
        security,
        params: subscriptionIdParams,
        querystring: pauseQuery,
        response: { 200: subscriptionResponse },
      },
    },
    (request) => management.pause(callerOf(request), request.params.id, request.query.days),
  );

  app.put(
    '/subscriptions/:id/unpause',
    {
      config: { access: routeAccess('subscription:unpause') },
      schema: {
        tags,
        summary: 'End the pause early, keeping the time that was left (the subscriber or an admin)',
        security,
        params: subscriptionIdParams,
        response: { 200: subscriptionResponse },
      },
    },
    (request) => management.unpause(callerOf(request), request.params.id),
  );

  app.put(
    '/subscriptions/:id/expire',
    {
      config: { access: routeAccess('subscription:expire') },
      schema: {
        tags,
        summary: 'End a subscription now (the plan owner or an admin)',
        security,
        params: subscriptionIdParams,
        response: { 200: subscriptionResponse },
      },
    },
    (request) => management.expire(callerOf(request), request.params.id),
  );

  app.post(
    '/subscriptions/refund',
    {
      config: { access: routeAccess('subscription:refund') },
      schema: {
        tags,
        summary: 'Refund credits (default: the purchase price), take back the developer share, end it',
        security,
        body: refundBody,
        response: { 200: subscriptionResponse },
      },
    },
    (request) => management.refund(callerOf(request), request.body.id, request.body.amount),
  );

  app.put(
    '/subscriptions/:id/add-hours',
    {
      config: { access: routeAccess('subscription:add-hours') },
      schema: {
        tags,
        summary: 'Add hours to one running subscription (the plan owner or an admin)',
        security,
        params: subscriptionIdParams,
        querystring: addHoursQuery,
        response: { 200: subscriptionResponse },
      },
    },
    (request) => management.addHours(callerOf(request), request.params.id, request.query.hours),
  );

  app.put(
    '/subscriptions/add-hours',
    {
      config: { access: routeAccess('subscription:add-hours') },
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
        callerOf(request),
        request.query.priceId,
        request.query.hours,
      ),
    }),
  );

  app.put(
    '/subscriptions/add-hours/selected',
    {
      config: { access: routeAccess('subscription:add-hours') },
      schema: {
        tags,
        summary: 'Add hours to the selected active subscribers of a price (its owner or an admin)',
        security,
        querystring: addHoursToSelectedQuery,
        body: addHoursToSelectedBody,
        response: { 200: addHoursToPriceResponse },
      },
    },
    async (request) => ({
      message: HOURS_ADDED_MESSAGE,
      updated: await management.addHoursToSelected(
        callerOf(request),
        request.query.priceId,
        request.body.subscriptionIds,
        request.query.hours,
      ),
    }),
  );

  app.delete(
    '/subscriptions/:id',
    {
      config: { access: routeAccess('subscription:delete') },
      schema: {
        tags,
        summary: 'Delete a subscription no money is attached to (the plan owner or an admin)',
        security,
        params: subscriptionIdParams,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await management.remove(callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
