import {
  discountCheckQuery,
  discountCheckResponse,
  giftQuery,
  purchaseQuery,
  subscriptionResponse,
} from '@ember/contracts/subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access-control.ts';
import type { PurchaseService } from './purchase.service.ts';

const tags = ['subscriptions'];
const security = [{ bearer: [] }];

/** Shop base: buying and gifting subscriptions with credits. */
export const subscriptionPurchasesRoutes: FastifyPluginAsyncZod<{ purchases: PurchaseService }> = async (
  app,
  { purchases },
) => {
  app.post(
    '/subscriptions',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Buy a price for yourself with credits; the server computes what it costs',
        security,
        querystring: purchaseQuery,
        response: { 201: subscriptionResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await purchases.purchase(requirePrincipal(request), request.query)),
  );

  app.post(
    '/subscriptions/gift',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Buy a price for another account (by Discord id), paid with your credits',
        security,
        querystring: giftQuery,
        response: { 201: subscriptionResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await purchases.gift(requirePrincipal(request), request.query)),
  );

  app.get(
    '/subscriptions/discount-check',
    {
      // Rate limited so codes cannot be guessed by trying many.
      config: { access: 'signed-in', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Preview what a discount code takes off a price, without using it',
        security,
        querystring: discountCheckQuery,
        response: { 200: discountCheckResponse },
      },
    },
    async (request) => purchases.checkDiscountCode(request.query),
  );
};
