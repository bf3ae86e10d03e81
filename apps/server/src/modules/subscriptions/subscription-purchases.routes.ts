import { giftBody } from '@ember/contracts/notifications';
import {
  discountCheckQuery,
  discountCheckResponse,
  giftQuery,
  purchaseQuery,
  subscriptionResponse,
} from '@ember/contracts/subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotencyKeyOf } from '../../lib/idempotency-key.ts';
import { requirePrincipal } from '../../plugins/access-control.ts';
import { fastSerializerCompiler } from '../../plugins/fast-serializer.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { DiscountCodeAttempts } from './discount-code-attempts.ts';
import type { PurchaseService } from './purchase.service.ts';

const tags = ['subscriptions'];
const security = [{ bearer: [] }];

/** Shop base: buying and gifting subscriptions with credits; codes that do not work are limited on all three. */
export const subscriptionPurchasesRoutes: FastifyPluginAsyncZod<{
  purchases: PurchaseService;
  codeAttempts: DiscountCodeAttempts;
}> = async (app, { purchases, codeAttempts }) => {
  app.post(
    '/subscriptions',
    {
      config: { access: routeAccess('subscription:purchase'), limit: 'purchase' },
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags,
        summary:
          'Buy a price for yourself with credits; the server computes what it costs. An Idempotency-Key header makes retries safe',
        security,
        querystring: purchaseQuery,
        response: { 201: subscriptionResponse },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const bought = await codeAttempts.limit(
        { userId: principal.userId, ip: request.ip },
        request.query.discountCode,
        () => purchases.purchase(principal, request.query, idempotencyKeyOf(request)),
      );
      return reply.code(201).send(bought);
    },
  );

  app.post(
    '/subscriptions/gift',
    {
      config: { access: routeAccess('subscription:gift'), limit: 'gift' },
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags,
        summary:
          'Buy a price for another account (by Discord id), paid with your credits. An Idempotency-Key header makes retries safe',
        security,
        querystring: giftQuery,
        body: giftBody,
        response: { 201: subscriptionResponse },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const gifted = await codeAttempts.limit(
        { userId: principal.userId, ip: request.ip },
        request.query.discountCode,
        () =>
          purchases.gift(
            principal,
            { ...request.query, message: request.body.message },
            idempotencyKeyOf(request),
          ),
      );
      return reply.code(201).send(gifted);
    },
  );

  app.get(
    '/subscriptions/discount-check',
    {
      config: { access: 'signed-in', limit: 'discount-check' },
      schema: {
        tags,
        summary: 'Preview what a discount code takes off a price, without using it',
        security,
        querystring: discountCheckQuery,
        response: { 200: discountCheckResponse },
      },
    },
    async (request) =>
      codeAttempts.limit(
        { userId: requirePrincipal(request).userId, ip: request.ip },
        request.query.discountCode,
        () => purchases.checkDiscountCode(request.query),
      ),
  );
};
