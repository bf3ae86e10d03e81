import {
  bulkDiscountsParams,
  bulkDiscountsResponse,
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
import type { ProductsService } from './products.service.ts';

const security = [{ bearer: [] }];

/** Commerce base: products and their bulk discounts (spec §7). */
export const productsRoutes: FastifyPluginAsyncZod<{ products: ProductsService }> = async (
  app,
  { products },
) => {
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
};
