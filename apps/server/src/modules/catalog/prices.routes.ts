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
import { z } from 'zod';
import { callerOf, requirePrincipal } from '../../plugins/access-control.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { PricesService } from './prices.service.ts';

const tags = ['prices'];
const security = [{ bearer: [] }];

/** Shop base. */
export const pricesRoutes: FastifyPluginAsyncZod<{
  prices: PricesService;
}> = async (app, { prices }) => {
  app.get(
    '/prices',
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: "A plan's buyable prices; every price for the plan's owner and admins",
        querystring: pricesQuery,
        response: { 200: pricesResponse },
      },
    },
    async (request) => prices.listPricesOfPlan(request.query.planId, request.principal),
  );

  app.get(
    '/prices/my',
    {
      config: { access: routeAccess('plan:list-own') },
      schema: {
        tags,
        summary: "The caller's own prices, of one plan when planId is given",
        security,
        querystring: myPricesQuery,
        response: { 200: pricesResponse },
      },
    },
    (request) => prices.listOwnPrices(requirePrincipal(request), request.query.planId),
  );

  app.get(
    '/prices/:id',
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: 'A buyable price; any price of theirs for its owner and admins',
        params: priceIdParams,
        response: { 200: priceResponse },
      },
    },
    async (request) => prices.getPrice(request.params.id, request.principal),
  );

  app.post(
    '/prices',
    {
      config: { access: routeAccess('price:create') },
      schema: {
        tags,
        summary: 'Add a price to a plan (its owner or an admin); it starts disabled and hidden',
        security,
        body: createPriceBody,
        response: { 201: priceResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await prices.createPrice(callerOf(request), request.body)),
  );

  app.put(
    '/prices/:priceId',
    {
      config: { access: routeAccess('price:update') },
      schema: {
        tags,
        summary: 'Edit a price, including showing and enabling it (its owner or an admin)',
        security,
        params: updatePriceParams,
        body: updatePriceBody,
        response: { 200: priceResponse },
      },
    },
    (request) => prices.updatePrice(callerOf(request), request.params.priceId, request.body),
  );

  app.delete(
    '/prices/:id',
    {
      config: { access: routeAccess('price:delete') },
      schema: {
        tags,
        summary: 'Delete a price that never had subscriptions (its owner or an admin)',
        security,
        params: priceIdParams,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await prices.deletePrice(callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/prices/:id/remove-slots',
    {
      config: { access: routeAccess('price:remove-slots') },
      schema: {
        tags,
        summary: 'Make a price unlimited by removing its slot limit (its owner or an admin)',
        security,
        params: priceIdParams,
        response: { 200: priceResponse },
      },
    },
    (request) => prices.removeSlots(callerOf(request), request.params.id),
  );
};
