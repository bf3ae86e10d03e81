import {
  createOrderBody,
  orderFullResponse,
  orderIdParams,
  orderPageResponse,
  orderResponse,
  ordersNeedingStaffResponse,
  ordersQuery,
  ordersResponse,
} from '@ember/contracts/commerce';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/access-control.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { OrdersService } from './orders.service.ts';

const security = [{ bearer: [] }];

/** Commerce base: orders, placed by buyers and handled by payments staff (spec §7). */
export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
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
};
