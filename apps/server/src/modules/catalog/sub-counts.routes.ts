import {
  planIdParams,
  priceIdParams,
  subCountResponse,
  subCountsQuery,
  subCountsResponse,
} from '@ember/contracts/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import type { SubCountsService } from './sub-counts.service.ts';

/** Shop base. */
export const subCountsRoutes: FastifyPluginAsyncZod<{
  subCounts: SubCountsService;
}> = async (app, { subCounts }) => {
  const route = declareRoutes(app, { tags: ['sub counts'] });

  route.get(
    '/sub-counts/prices',
    {
      access: 'optional',
      summary:
        'Active subscription counts and slot states of buyable prices (ids comma-separated or repeated)',
      querystring: subCountsQuery,
      response: { 200: subCountsResponse },
    },
    async (request) => subCounts.forPrices(request.query.ids, request.principal),
  );

  route.get(
    '/sub-counts/plan/:id',
    {
      access: 'optional',
      summary: "Active subscription counts and slot states of a plan's buyable prices",
      params: planIdParams,
      response: { 200: subCountsResponse },
    },
    async (request) => subCounts.forPlan(request.params.id, request.principal),
  );

  route.get(
    '/sub-counts/price/:id',
    {
      action: 'price:read-stats',
      summary: 'The full sub count of a price, hidden numbers included (its owner or an admin)',
      params: priceIdParams,
      response: { 200: subCountResponse },
    },
    (request) => subCounts.forPrice(request.params.id, requirePrincipal(request)),
  );
};
