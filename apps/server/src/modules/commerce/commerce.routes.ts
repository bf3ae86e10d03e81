import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ordersRoutes } from './orders.routes.ts';
import type { OrdersService } from './orders.service.ts';
import { paymentsRoutes } from './payments.routes.ts';
import type { PaymentsService } from './payments.service.ts';
import { productsRoutes } from './products.routes.ts';
import type { ProductsService } from './products.service.ts';

/** Commerce base: products, orders and payments (spec §7), each in its own file. */
export const commerceRoutes: FastifyPluginAsyncZod<{
  products: ProductsService;
  orders: OrdersService;
  payments: PaymentsService;
}> = async (app, { products, orders, payments }) => {
  await app.register(productsRoutes, { products });
  await app.register(ordersRoutes, { orders });
  await app.register(paymentsRoutes, { payments });
};
