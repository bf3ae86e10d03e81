import {
  bulkDiscountsParams,
  bulkDiscountsResponse,
  createOrderBody,
  orderFullResponse,
  orderIdParams,
  orderPageResponse,
  orderResponse,
  ordersNeedingStaffResponse,
  ordersQuery,
  ordersResponse,
  productIdParams,
  productResponse,
  productsByNameParams,
  productsQuery,
  productsResponse,
  replaceBulkDiscountsBody,
  updateProductBody,
} from '@ember/contracts/commerce';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import { created } from '../../plugins/route-replies.ts';
import { orderReceiptsRoutes } from './order-receipts.routes.ts';
import type { OrderReceipts } from './order-receipts.ts';
import type { OrdersService } from './orders.service.ts';
import { paymentsRoutes } from './payments.routes.ts';
import type { PaymentsService } from './payments.service.ts';
import type { ProductsService } from './products.service.ts';

/** Commerce base: products, orders and payments (spec §7); the buyer's payment attempts in payments.routes.ts. */
export const commerceRoutes: FastifyPluginAsyncZod<{
  products: ProductsService;
  orders: OrdersService;
  payments: PaymentsService;
  receipts: OrderReceipts;
}> = async (app, { products, orders, payments, receipts }) => {
  const productRoutes = declareRoutes(app, { tags: ['products'] });
  const orderRoutes = declareRoutes(app, { tags: ['orders'] });

  productRoutes.get(
    '/products',
    {
      access: 'signed-in',
      summary: 'Products on sale, optionally of one kind (CREDITS, GP, VIP), with their bulk discounts',
      querystring: productsQuery,
      response: { 200: productsResponse },
    },
    (request) => products.list(request.query.kind),
  );

  productRoutes.get(
    '/products/all',
    {
      action: 'product:update',
      summary: 'Every product, disabled ones too, with their bulk discounts (admins)',
      response: { 200: productsResponse },
    },
    (request) => products.listAll(callerOf(request)),
  );

  productRoutes.get(
    '/products/by-name/:name',
    {
      access: 'signed-in',
      summary: 'The products of one products page: credits, gp or vip',
      params: productsByNameParams,
      response: { 200: productsResponse },
    },
    (request) => products.listByPageName(request.params.name),
  );

  productRoutes.get(
    '/products/:id',
    {
      access: 'signed-in',
      summary: 'One product',
      params: productIdParams,
      response: { 200: productResponse },
    },
    (request) => products.get(request.params.id),
  );

  productRoutes.put(
    '/products/:id',
    {
      action: 'product:update',
      summary:
        "Edit a product's name, limits, processor, currency, stock, price and discount (admins; audited)",
      params: productIdParams,
      body: updateProductBody,
      response: { 200: productResponse },
    },
    (request) => products.update(callerOf(request), request.params.id, request.body),
  );

  productRoutes.get(
    '/bulk-discounts/by-product/:productId',
    {
      access: 'signed-in',
      summary: "A product's bulk discounts, ascending by threshold",
      params: bulkDiscountsParams,
      response: { 200: bulkDiscountsResponse },
    },
    (request) => products.bulkDiscounts(request.params.productId),
  );

  productRoutes.put(
    '/bulk-discounts/by-product/:productId',
    {
      action: 'product:update',
      summary:
        "Replace a product's bulk discounts with the given list (admins; audited): unique thresholds, at most 20 tiers",
      params: bulkDiscountsParams,
      body: replaceBulkDiscountsBody,
      response: { 200: bulkDiscountsResponse },
    },
    (request) => products.replaceBulkDiscounts(callerOf(request), request.params.productId, request.body),
  );

  orderRoutes.post(
    '/orders',
    {
      action: 'order:create',
      limit: 'order',
      summary:
        'Place an order; the server computes its total (any client total is ignored) and reserves stock',
      body: createOrderBody,
      response: { 201: orderResponse },
    },
    created((request) => orders.create(callerOf(request), request.body)),
  );

  orderRoutes.get(
    '/orders/my',
    {
      access: 'signed-in',
      summary: "The caller's orders, newest first",
      response: { 200: ordersResponse },
    },
    (request) => orders.listMine(callerOf(request)),
  );

  orderRoutes.get(
    '/orders',
    {
      action: 'order:list',
      summary: 'Every order, paged, sortable and searchable (payments staff)',
      querystring: ordersQuery,
      response: { 200: orderPageResponse },
    },
    (request) => orders.list(callerOf(request), request.query),
  );

  orderRoutes.get(
    '/orders/needs-staff/count',
    {
      action: 'order:list',
      summary: 'How many orders need staff (payments staff)',
      response: { 200: ordersNeedingStaffResponse },
    },
    (request) => orders.countNeedingStaff(callerOf(request)),
  );

  orderRoutes.put(
    '/orders/:id/resolve',
    {
      action: 'order:resolve',
      summary: 'Clear the needs-staff flag once staff settled the order (audited)',
      params: orderIdParams,
      response: { 200: orderResponse },
    },
    (request) => orders.resolve(callerOf(request), request.params.id),
  );

  orderRoutes.get(
    '/orders/:id',
    {
      action: 'order:read',
      summary: 'One order (its buyer or payments staff)',
      params: orderIdParams,
      response: { 200: orderResponse },
    },
    (request) => orders.get(callerOf(request), request.params.id),
  );

  orderRoutes.get(
    '/orders/:id/full',
    {
      action: 'order:read',
      summary: 'One order with its buyer, payment attempts and dispute record',
      params: orderIdParams,
      response: { 200: orderFullResponse },
    },
    (request) => orders.getFull(callerOf(request), request.params.id),
  );

  orderRoutes.put(
    '/orders/:id/complete',
    {
      action: 'order:complete',
      summary: 'Complete a GP order after the in-game trade; completing twice changes nothing',
      params: orderIdParams,
      response: { 200: orderResponse },
    },
    (request) => orders.complete(callerOf(request), request.params.id),
  );

  orderRoutes.put(
    '/orders/:id/refund',
    {
      action: 'order:refund',
      summary:
        'Record a refund made at the processor: takes back what the order gave, as far as the balance allows',
      params: orderIdParams,
      response: { 200: orderResponse },
    },
    (request) => orders.refund(callerOf(request), request.params.id),
  );

  await app.register(paymentsRoutes, { payments });
  await app.register(orderReceiptsRoutes, { receipts });
};
