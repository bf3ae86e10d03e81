import { orderIdParams } from '@ember/contracts/commerce';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import type { OrderReceipts } from './order-receipts.ts';

/** Commerce base: a completed order's receipt as a PDF file (issue 35). */
export const orderReceiptsRoutes: FastifyPluginAsyncZod<{ receipts: OrderReceipts }> = async (
  app,
  { receipts },
) => {
  const route = declareRoutes(app, { tags: ['orders'] });

  route.get(
    '/orders/:id/receipt',
    {
      action: 'order:read',
      summary: 'A completed order’s receipt as a PDF file, order-receipt-{id}.pdf (its buyer or staff)',
      params: orderIdParams,
      produces: ['application/pdf'],
    },
    async (request, reply) => {
      const { filename, body } = await receipts.receipt(callerOf(request), request.params.id);
      // Account data: an attachment, never cached.
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
