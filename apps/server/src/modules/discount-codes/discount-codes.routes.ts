import {
  discountCodeBody,
  discountCodeIdParams,
  discountCodeResponse,
  discountCodesOfPriceParams,
  discountCodesResponse,
  updateDiscountCodeBody,
} from '@ember/contracts/discount-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, requirePrincipal } from '../../plugins/access-control.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { DiscountCodesService } from './discount-codes.service.ts';

const tags = ['discount codes'];
const security = [{ bearer: [] }];

/** Shop base: a price owner's discount codes. */
export const discountCodesRoutes: FastifyPluginAsyncZod<{ discountCodes: DiscountCodesService }> = async (
  app,
  { discountCodes },
) => {
  app.get(
    '/discount-codes/by-price/:priceId',
    {
      config: { access: routeAccess('discount-code:read') },
      schema: {
        tags,
        summary: "A price's discount codes (its owner or an admin)",
        security,
        params: discountCodesOfPriceParams,
        response: { 200: discountCodesResponse },
      },
    },
    (request) => discountCodes.listOfPrice(requirePrincipal(request), request.params.priceId),
  );

  app.get(
    '/discount-codes/:id',
    {
      config: { access: routeAccess('discount-code:read') },
      schema: {
        tags,
        summary: 'One discount code (the price owner or an admin)',
        security,
        params: discountCodeIdParams,
        response: { 200: discountCodeResponse },
      },
    },
    (request) => discountCodes.get(requirePrincipal(request), request.params.id),
  );

  app.post(
    '/discount-codes',
    {
      config: { access: routeAccess('discount-code:create') },
      schema: {
        tags,
        summary: 'Create a discount code for a price; the code is made up when not given',
        security,
        body: discountCodeBody,
        response: { 201: discountCodeResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await discountCodes.create(callerOf(request), request.body)),
  );

  app.put(
    '/discount-codes/:id',
    {
      config: { access: routeAccess('discount-code:update') },
      schema: {
        tags,
        summary: 'Change the percent, max uses, validity or enabled flag of a code',
        security,
        params: discountCodeIdParams,
        body: updateDiscountCodeBody,
        response: { 200: discountCodeResponse },
      },
    },
    (request) => discountCodes.update(callerOf(request), request.params.id, request.body),
  );
};
