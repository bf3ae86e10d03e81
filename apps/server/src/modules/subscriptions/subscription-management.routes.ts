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
import { callerOf } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import { noContent, noContentResponse } from '../../plugins/route-replies.ts';
import type { SubscriptionManagementService } from './subscription-management.service.ts';

/** Shop base: changing a subscription after the sale. */
export const subscriptionManagementRoutes: FastifyPluginAsyncZod<{
  management: SubscriptionManagementService;
}> = async (app, { management }) => {
  const route = declareRoutes(app, { tags: ['subscriptions'] });

  route.put(
    '/subscriptions/:id/extend',
    {
      action: 'subscription:extend',
      summary: 'Buy one more period at the extension price (your own subscription, once)',
      params: subscriptionIdParams,
      response: { 200: subscriptionResponse },
    },
    (request) => management.extend(callerOf(request), request.params.id),
  );

  route.put(
    '/subscriptions/:id/pause',
    {
      action: 'subscription:pause',
      summary: 'Pause for up to 14 days, once (the subscriber or an admin)',
      params: subscriptionIdParams,
      querystring: pauseQuery,
      response: { 200: subscriptionResponse },
    },
    (request) => management.pause(callerOf(request), request.params.id, request.query.days),
  );

  route.put(
    '/subscriptions/:id/unpause',
    {
      action: 'subscription:unpause',
      summary: 'End the pause early, keeping the time that was left (the subscriber or an admin)',
      params: subscriptionIdParams,
      response: { 200: subscriptionResponse },
    },
    (request) => management.unpause(callerOf(request), request.params.id),
  );

  route.put(
    '/subscriptions/:id/expire',
    {
      action: 'subscription:expire',
      summary: 'End a subscription now (the plan owner or an admin)',
      params: subscriptionIdParams,
      response: { 200: subscriptionResponse },
    },
    (request) => management.expire(callerOf(request), request.params.id),
  );

  route.post(
    '/subscriptions/refund',
    {
      action: 'subscription:refund',
      summary: 'Refund credits (default: the purchase price), take back the developer share, end it',
      body: refundBody,
      response: { 200: subscriptionResponse },
    },
    (request) => management.refund(callerOf(request), request.body.id, request.body.amount),
  );

  route.put(
    '/subscriptions/:id/add-hours',
    {
      action: 'subscription:add-hours',
      summary: 'Add hours to one running subscription (the plan owner or an admin)',
      params: subscriptionIdParams,
      querystring: addHoursQuery,
      response: { 200: subscriptionResponse },
    },
    (request) => management.addHours(callerOf(request), request.params.id, request.query.hours),
  );

  route.put(
    '/subscriptions/add-hours',
    {
      action: 'subscription:add-hours',
      summary: 'Add hours to every active subscription of a price (its owner or an admin)',
      querystring: addHoursToPriceQuery,
      response: { 200: addHoursToPriceResponse },
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

  route.put(
    '/subscriptions/add-hours/selected',
    {
      action: 'subscription:add-hours',
      summary: 'Add hours to the selected active subscribers of a price (its owner or an admin)',
      querystring: addHoursToSelectedQuery,
      body: addHoursToSelectedBody,
      response: { 200: addHoursToPriceResponse },
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

  route.delete(
    '/subscriptions/:id',
    {
      action: 'subscription:delete',
      summary: 'Delete a subscription no money is attached to (the plan owner or an admin)',
      params: subscriptionIdParams,
      response: noContentResponse('Deleted'),
    },
    noContent((request) => management.remove(callerOf(request), request.params.id)),
  );
};
