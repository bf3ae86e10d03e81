import { orderIdParams } from '@ember/contracts/commerce';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import { sendDownload } from '../../plugins/route-replies.ts';
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
    async (request, reply) =>
      sendDownload(reply, 'application/pdf', await receipts.receipt(callerOf(request), request.params.id)),
  );
};
