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
import { routeAccess } from '../../policy/policy.ts';
import { orderReceiptsRoutes } from './order-receipts.routes.ts';
import type { OrderReceipts } from './order-receipts.ts';
import type { OrdersService } from './orders.service.ts';
import { paymentsRoutes } from './payments.routes.ts';
import type { PaymentsService } from './payments.service.ts';
import type { ProductsService } from './products.service.ts';

const security = [{ bearer: [] }];

/** Commerce base: products, orders and payments (spec §7); the buyer's payment attempts in payments.routes.ts. */
export const commerceRoutes: FastifyPluginAsyncZod<{
  products: ProductsService;
  orders: OrdersService;
  payments: PaymentsService;
  receipts: OrderReceipts;
}> = async (app, { products, orders, payments, receipts }) => {
  app.get(
    '/products',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['products'],
        summary: 'Products on sale, optionally of one kind (CREDITS, GP, VIP), with their bulk discounts',
        security,
        querystring: productsQuery,
        response: { 200: productsResponse },
      },
    },
    (request) => products.list(request.query.kind),
  );

  app.get(
    '/products/all',
    {
      config: { access: routeAccess('product:update') },
      schema: {
        tags: ['products'],
        summary: 'Every product, disabled ones too, with their bulk discounts (admins)',
        security,
        response: { 200: productsResponse },
      },
    },
    (request) => products.listAll(callerOf(request)),
  );

  app.get(
    '/products/by-name/:name',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['products'],
        summary: 'The products of one products page: credits, gp or vip',
        security,
        params: productsByNameParams,
        response: { 200: productsResponse },
      },
    },
    (request) => products.listByPageName(request.params.name),
  );

  app.get(
    '/products/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['products'],
        summary: 'One product',
        security,
        params: productIdParams,
        response: { 200: productResponse },
      },
    },
    (request) => products.get(request.params.id),
  );

  app.put(
    '/products/:id',
    {
      config: { access: routeAccess('product:update') },
      schema: {
        tags: ['products'],
        summary:
          "Edit a product's name, limits, processor, currency, stock, price and discount (admins; audited)",
        security,
        params: productIdParams,
        body: updateProductBody,
        response: { 200: productResponse },
      },
    },
    (request) => products.update(callerOf(request), request.params.id, request.body),
  );

  app.get(
    '/bulk-discounts/by-product/:productId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['products'],
        summary: "A product's bulk discounts, ascending by threshold",
        security,
        params: bulkDiscountsParams,
        response: { 200: bulkDiscountsResponse },
      },
    },
    (request) => products.bulkDiscounts(request.params.productId),
  );

  app.put(
    '/bulk-discounts/by-product/:productId',
    {
      config: { access: routeAccess('product:update') },
      schema: {
        tags: ['products'],
        summary:
          "Replace a product's bulk discounts with the given list (admins; audited): unique thresholds, at most 20 tiers",
        security,
        params: bulkDiscountsParams,
        body: replaceBulkDiscountsBody,
        response: { 200: bulkDiscountsResponse },
      },
    },
    (request) => products.replaceBulkDiscounts(callerOf(request), request.params.productId, request.body),
  );

  app.post(
    '/orders',
    {
      config: { access: routeAccess('order:create'), limit: 'order' },
      schema: {
        tags: ['orders'],
        summary:
          'Place an order; the server computes its total (any client total is ignored) and reserves stock',
        security,
        body: createOrderBody,
        response: { 201: orderResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await orders.create(callerOf(request), request.body)),
  );

  app.get(
    '/orders/my',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['orders'],
        summary: "The caller's orders, newest first",
        security,
        response: { 200: ordersResponse },
      },
    },
    (request) => orders.listMine(callerOf(request)),
  );

  app.get(
    '/orders',
    {
      config: { access: routeAccess('order:list') },
      schema: {
        tags: ['orders'],
        summary: 'Every order, paged, sortable and searchable (payments staff)',
        security,
        querystring: ordersQuery,
        response: { 200: orderPageResponse },
      },
    },
    (request) => orders.list(callerOf(request), request.query),
  );

  app.get(
    '/orders/needs-staff/count',
    {
      config: { access: routeAccess('order:list') },
      schema: {
        tags: ['orders'],
        summary: 'How many orders need staff (payments staff)',
        security,
        response: { 200: ordersNeedingStaffResponse },
      },
    },
    (request) => orders.countNeedingStaff(callerOf(request)),
  );

  app.put(
    '/orders/:id/resolve',
    {
      config: { access: routeAccess('order:resolve') },
      schema: {
        tags: ['orders'],
        summary: 'Clear the needs-staff flag once staff settled the order (audited)',
        security,
        params: orderIdParams,
        response: { 200: orderResponse },
      },
    },
    (request) => orders.resolve(callerOf(request), request.params.id),
  );

  app.get(
    '/orders/:id',
    {
      config: { access: routeAccess('order:read') },
      schema: {
        tags: ['orders'],
        summary: 'One order (its buyer or payments staff)',
        security,
        params: orderIdParams,
        response: { 200: orderResponse },
      },
    },
    (request) => orders.get(callerOf(request), request.params.id),
  );

  app.get(
    '/orders/:id/full',
    {
      config: { access: routeAccess('order:read') },
      schema: {
        tags: ['orders'],
        summary: 'One order with its buyer, payment attempts and dispute record',
        security,
        params: orderIdParams,
        response: { 200: orderFullResponse },
      },
    },
    (request) => orders.getFull(callerOf(request), request.params.id),
  );

  app.put(
    '/orders/:id/complete',
    {
      config: { access: routeAccess('order:complete') },
      schema: {
        tags: ['orders'],
        summary: 'Complete a GP order after the in-game trade; completing twice changes nothing',
        security,
        params: orderIdParams,
        response: { 200: orderResponse },
      },
    },
    (request) => orders.complete(callerOf(request), request.params.id),
  );

  app.put(
    '/orders/:id/refund',
    {
      config: { access: routeAccess('order:refund') },
      schema: {
        tags: ['orders'],
        summary:
          'Record a refund made at the processor: takes back what the order gave, as far as the balance allows',
        security,
        params: orderIdParams,
        response: { 200: orderResponse },
      },
    },
    (request) => orders.refund(callerOf(request), request.params.id),
  );

  await app.register(paymentsRoutes, { payments });
  await app.register(orderReceiptsRoutes, { receipts });
};
