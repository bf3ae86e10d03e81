import {
  createPaymentQuery,
  createPaymentResponse,
  orderIdParams,
  orderResponse,
} from '@ember/contracts/commerce';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/access-control.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { PaymentsService } from './payments.service.ts';

const security = [{ bearer: [] }];

/**
 * Commerce base: the buyer's payment attempts (decision 0045): open a checkout, read it back on
 * the return page, give the order up. The processors' side is webhooks.routes.ts.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  app.put(
    '/orders/:id/cancel',
    {
      config: { access: routeAccess('order:cancel') },
      schema: {
        tags: ['orders'],
        summary:
          'Cancel your own unpaid order: its checkout is closed at the processor and its stock released at once; again changes nothing; a paid order is 409',
        security,
        params: orderIdParams,
        response: { 200: orderResponse },
      },
    },
    (request) => payments.cancel(callerOf(request), request.params.id),
  );

  app.post(
    '/orders/:id/check',
    {
      config: { access: routeAccess('order:read') },
      schema: {
        tags: ['orders', 'payments'],
        summary: "Ask the processor about the order's checkout and fulfil it if paid (the return page)",
        security,
        params: orderIdParams,
        response: { 200: orderResponse },
      },
    },
    (request) => payments.check(callerOf(request), request.params.id),
  );

  app.post(
    '/payments',
    {
      config: { access: routeAccess('order:pay'), limit: 'order' },
      schema: {
        tags: ['payments'],
        summary: 'Open a checkout for an unpaid order; 201 with the checkout URL in Location',
        security,
        querystring: createPaymentQuery,
        response: { 201: createPaymentResponse },
      },
    },
    async (request, reply) => {
      const created = await payments.create(callerOf(request), request.query.orderId);
      return reply.code(201).header('location', created.checkoutUrl).send(created);
    },
  );
};
