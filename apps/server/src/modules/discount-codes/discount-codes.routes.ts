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
import { declareRoutes } from '../../plugins/define-route.ts';
import { created } from '../../plugins/route-replies.ts';
import type { DiscountCodesService } from './discount-codes.service.ts';

/** Shop base: a price owner's discount codes. */
export const discountCodesRoutes: FastifyPluginAsyncZod<{ discountCodes: DiscountCodesService }> = async (
  app,
  { discountCodes },
) => {
  const route = declareRoutes(app, { tags: ['discount codes'] });

  route.get(
    '/discount-codes/by-price/:priceId',
    {
      action: 'discount-code:read',
      summary: "A price's discount codes (its owner or an admin)",
      params: discountCodesOfPriceParams,
      response: { 200: discountCodesResponse },
    },
    (request) => discountCodes.listOfPrice(requirePrincipal(request), request.params.priceId),
  );

  route.get(
    '/discount-codes/:id',
    {
      action: 'discount-code:read',
      summary: 'One discount code (the price owner or an admin)',
      params: discountCodeIdParams,
      response: { 200: discountCodeResponse },
    },
    (request) => discountCodes.get(requirePrincipal(request), request.params.id),
  );

  route.post(
    '/discount-codes',
    {
      action: 'discount-code:create',
      summary: 'Create a discount code for a price; the code is made up when not given',
      body: discountCodeBody,
      response: { 201: discountCodeResponse },
    },
    created((request) => discountCodes.create(callerOf(request), request.body)),
  );

  route.put(
    '/discount-codes/:id',
    {
      action: 'discount-code:update',
      summary: 'Change the percent, max uses, validity or enabled flag of a code',
      params: discountCodeIdParams,
      body: updateDiscountCodeBody,
      response: { 200: discountCodeResponse },
    },
    (request) => discountCodes.update(callerOf(request), request.params.id, request.body),
  );
};
