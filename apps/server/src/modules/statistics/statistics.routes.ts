import {
  developerMonthlyResponse,
  pricePurchasesParams,
  pricePurchasesQuery,
  pricePurchasesResponse,
} from '@ember/contracts/developer-statistics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access-control.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { StatisticsService } from './statistics.service.ts';

const tags = ['statistics'];
const security = [{ bearer: [] }];

/** Shop base: a developer's numbers, counted by the database. */
export const statisticsRoutes: FastifyPluginAsyncZod<{ statistics: StatisticsService }> = async (
  app,
  { statistics },
) => {
  app.get(
    '/statistics/prices/:priceId/purchases',
    {
      config: { access: routeAccess('price:read-stats') },
      schema: {
        tags,
        summary: "A price's purchases per month of a year, this year by default (its owner or an admin)",
        security,
        params: pricePurchasesParams,
        querystring: pricePurchasesQuery,
        response: { 200: pricePurchasesResponse },
      },
    },
    (request) =>
      statistics.pricePurchases(requirePrincipal(request), request.params.priceId, request.query.year),
  );

  app.get(
    '/statistics/developer/monthly',
    {
      config: { access: routeAccess('developer-stats:read') },
      schema: {
        tags,
        summary:
          "The caller's revenue and active subscribers per month over the last twelve months, across their plans",
        security,
        response: { 200: developerMonthlyResponse },
      },
    },
    (request) => statistics.developerMonthly(requirePrincipal(request)),
  );
};
