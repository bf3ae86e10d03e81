import {
  createPaymentQuery,
  createPaymentResponse,
  orderIdParams,
  orderResponse,
} from '@ember/contracts/commerce';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import type { PaymentsService } from './payments.service.ts';

/**
 * Commerce base: the buyer's payment attempts (decision 0045): open a checkout, read it back on
 * the return page, give the order up. The processors' side is webhooks.routes.ts.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  const orderRoutes = declareRoutes(app, { tags: ['orders'] });
  const checkRoutes = declareRoutes(app, { tags: ['orders', 'payments'] });
  const paymentRoutes = declareRoutes(app, { tags: ['payments'] });

  orderRoutes.put(
    '/orders/:id/cancel',
    {
      action: 'order:cancel',
      summary:
        'Cancel your own unpaid order: its checkout is closed at the processor and its stock released at once; again changes nothing; a paid order is 409',
      params: orderIdParams,
      response: { 200: orderResponse },
    },
    (request) => payments.cancel(callerOf(request), request.params.id),
  );

  checkRoutes.post(
    '/orders/:id/check',
    {
      action: 'order:read',
      summary: "Ask the processor about the order's checkout and fulfil it if paid (the return page)",
      params: orderIdParams,
      response: { 200: orderResponse },
    },
    (request) => payments.check(callerOf(request), request.params.id),
  );

  paymentRoutes.post(
    '/payments',
    {
      action: 'order:pay',
      limit: 'order',
      summary: 'Open a checkout for an unpaid order; 201 with the checkout URL in Location',
      querystring: createPaymentQuery,
      response: { 201: createPaymentResponse },
    },
    async (request, reply) => {
      const created = await payments.create(callerOf(request), request.query.orderId);
      return reply.code(201).header('location', created.checkoutUrl).send(created);
    },
  );
};
