import {
  developerMonthlyResponse,
  pricePurchasesParams,
  pricePurchasesQuery,
  pricePurchasesResponse,
} from '@ember/contracts/developer-statistics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import type { StatisticsService } from './statistics.service.ts';

/** Shop base: a developer's numbers, counted by the database. */
export const statisticsRoutes: FastifyPluginAsyncZod<{ statistics: StatisticsService }> = async (
  app,
  { statistics },
) => {
  const route = declareRoutes(app, { tags: ['statistics'] });

  route.get(
    '/statistics/prices/:priceId/purchases',
    {
      action: 'price:read-stats',
      summary: "A price's purchases per month of a year, this year by default (its owner or an admin)",
      params: pricePurchasesParams,
      querystring: pricePurchasesQuery,
      response: { 200: pricePurchasesResponse },
    },
    (request) =>
      statistics.pricePurchases(requirePrincipal(request), request.params.priceId, request.query.year),
  );

  route.get(
    '/statistics/developer/monthly',
    {
      action: 'developer-stats:read',
      summary:
        "The caller's revenue and active subscribers per month over the last twelve months, across their plans",
      response: { 200: developerMonthlyResponse },
    },
    (request) => statistics.developerMonthly(requirePrincipal(request)),
  );
};
