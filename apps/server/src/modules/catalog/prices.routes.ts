import {
  createPriceBody,
  myPricesQuery,
  priceIdParams,
  priceResponse,
  pricesQuery,
  pricesResponse,
  updatePriceBody,
  updatePriceParams,
} from '@ember/contracts/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, requirePrincipal } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import { created, noContent, noContentResponse } from '../../plugins/route-replies.ts';
import type { PricesService } from './prices.service.ts';

/** Shop base. */
export const pricesRoutes: FastifyPluginAsyncZod<{
  prices: PricesService;
}> = async (app, { prices }) => {
  const route = declareRoutes(app, { tags: ['prices'] });

  route.get(
    '/prices',
    {
      access: 'optional',
      summary: "A plan's buyable prices; every price for the plan's owner and admins",
      querystring: pricesQuery,
      response: { 200: pricesResponse },
    },
    async (request) => prices.listPricesOfPlan(request.query.planId, request.principal),
  );

  route.get(
    '/prices/my',
    {
      action: 'plan:list-own',
      summary: "The caller's own prices, of one plan when planId is given",
      querystring: myPricesQuery,
      response: { 200: pricesResponse },
    },
    (request) => prices.listOwnPrices(requirePrincipal(request), request.query.planId),
  );

  route.get(
    '/prices/:id',
    {
      access: 'optional',
      summary: 'A buyable price; any price of theirs for its owner and admins',
      params: priceIdParams,
      response: { 200: priceResponse },
    },
    async (request) => prices.getPrice(request.params.id, request.principal),
  );

  route.post(
    '/prices',
    {
      action: 'price:create',
      summary: 'Add a price to a plan (its owner or an admin); it starts disabled and hidden',
      body: createPriceBody,
      response: { 201: priceResponse },
    },
    created((request) => prices.createPrice(callerOf(request), request.body)),
  );

  route.put(
    '/prices/:priceId',
    {
      action: 'price:update',
      summary: 'Edit a price, including showing and enabling it (its owner or an admin)',
      params: updatePriceParams,
      body: updatePriceBody,
      response: { 200: priceResponse },
    },
    (request) => prices.updatePrice(callerOf(request), request.params.priceId, request.body),
  );

  route.delete(
    '/prices/:id',
    {
      action: 'price:delete',
      summary: 'Delete a price that never had subscriptions (its owner or an admin)',
      params: priceIdParams,
      response: noContentResponse('Deleted'),
    },
    noContent((request) => prices.deletePrice(callerOf(request), request.params.id)),
  );

  route.put(
    '/prices/:id/remove-slots',
    {
      action: 'price:remove-slots',
      summary: 'Make a price unlimited by removing its slot limit (its owner or an admin)',
      params: priceIdParams,
      response: { 200: priceResponse },
    },
    (request) => prices.removeSlots(callerOf(request), request.params.id),
  );
};
