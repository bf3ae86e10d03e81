import {
  planIdParams,
  priceIdParams,
  subCountResponse,
  subCountsQuery,
  subCountsResponse,
} from '@ember/contracts/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access-control.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { SubCountsService } from './sub-counts.service.ts';

const tags = ['sub counts'];

/** Shop base. */
export const subCountsRoutes: FastifyPluginAsyncZod<{
  subCounts: SubCountsService;
}> = async (app, { subCounts }) => {
  app.get(
    '/sub-counts/prices',
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary:
          'Active subscription counts and slot states of buyable prices (ids comma-separated or repeated)',
        querystring: subCountsQuery,
        response: { 200: subCountsResponse },
      },
    },
    async (request) => subCounts.forPrices(request.query.ids, request.principal),
  );

  app.get(
    '/sub-counts/plan/:id',
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: "Active subscription counts and slot states of a plan's buyable prices",
        params: planIdParams,
        response: { 200: subCountsResponse },
      },
    },
    async (request) => subCounts.forPlan(request.params.id, request.principal),
  );

  app.get(
    '/sub-counts/price/:id',
    {
      config: { access: routeAccess('price:read-stats') },
      schema: {
        tags,
        summary: 'The full sub count of a price, hidden numbers included (its owner or an admin)',
        security: [{ bearer: [] }],
        params: priceIdParams,
        response: { 200: subCountResponse },
      },
    },
    (request) => subCounts.forPrice(request.params.id, requirePrincipal(request)),
  );
};
