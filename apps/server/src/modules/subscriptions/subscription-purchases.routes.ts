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
import { declareRoutes } from '../../plugins/define-route.ts';
import { created } from '../../plugins/route-replies.ts';
import type { DiscountCodeAttempts } from './discount-code-attempts.ts';
import type { PurchaseService } from './purchase.service.ts';

/** Shop base: buying and gifting subscriptions with credits; codes that do not work are limited on all three. */
export const subscriptionPurchasesRoutes: FastifyPluginAsyncZod<{
  purchases: PurchaseService;
  codeAttempts: DiscountCodeAttempts;
}> = async (app, { purchases, codeAttempts }) => {
  const route = declareRoutes(app, { tags: ['subscriptions'] });

  route.post(
    '/subscriptions',
    {
      action: 'subscription:purchase',
      limit: 'purchase',
      fast: true,
      summary:
        'Buy a price for yourself with credits; the server computes what it costs. An Idempotency-Key header makes retries safe',
      querystring: purchaseQuery,
      response: { 201: subscriptionResponse },
    },
    created((request) => {
      const principal = requirePrincipal(request);
      return codeAttempts.limit(
        { userId: principal.userId, ip: request.ip },
        request.query.discountCode,
        () => purchases.purchase(principal, request.query, idempotencyKeyOf(request)),
      );
    }),
  );

  route.post(
    '/subscriptions/gift',
    {
      action: 'subscription:gift',
      limit: 'gift',
      fast: true,
      summary:
        'Buy a price for another account (by Discord id), paid with your credits. An Idempotency-Key header makes retries safe',
      querystring: giftQuery,
      body: giftBody,
      response: { 201: subscriptionResponse },
    },
    created((request) => {
      const principal = requirePrincipal(request);
      return codeAttempts.limit(
        { userId: principal.userId, ip: request.ip },
        request.query.discountCode,
        () =>
          purchases.gift(
            principal,
            { ...request.query, message: request.body.message },
            idempotencyKeyOf(request),
          ),
      );
    }),
  );

  route.get(
    '/subscriptions/discount-check',
    {
      access: 'signed-in',
      limit: 'discount-check',
      summary: 'Preview what a discount code takes off a price, without using it',
      querystring: discountCheckQuery,
      response: { 200: discountCheckResponse },
    },
    async (request) =>
      codeAttempts.limit(
        { userId: requirePrincipal(request).userId, ip: request.ip },
        request.query.discountCode,
        () => purchases.checkDiscountCode(request.query),
      ),
  );
};
