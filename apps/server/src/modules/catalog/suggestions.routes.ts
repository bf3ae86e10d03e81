import { suggestionsQuery, suggestionsResponse } from '@ember/contracts/shop-suggestions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declareRoutes } from '../../plugins/define-route.ts';
import type { PlanSuggestions } from './plan-suggestions.ts';

/** Shop base: suggestions as one types in the shop's search (issue 35). */
export const suggestionsRoutes: FastifyPluginAsyncZod<{ suggestions: PlanSuggestions }> = async (
  app,
  { suggestions },
) => {
  const route = declareRoutes(app, { tags: ['plans'] });

  route.get(
    '/plans/suggestions',
    {
      action: 'catalog:browse',
      cacheResponse: true,
      fast: true,
      summary: 'Names of plans on sale and of their developers with a word starting with `q`',
      querystring: suggestionsQuery,
      response: { 200: suggestionsResponse },
    },
    (request) => suggestions.suggest(request.query.q),
  );
};
