import { suggestionsQuery, suggestionsResponse } from '@ember/contracts/shop-suggestions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fastSerializerCompiler } from '../../plugins/fast-serializer.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { PlanSuggestions } from './plan-suggestions.ts';

/** Shop base: suggestions as one types in the shop's search (issue 35). */
export const suggestionsRoutes: FastifyPluginAsyncZod<{ suggestions: PlanSuggestions }> = async (
  app,
  { suggestions },
) => {
  app.get(
    '/plans/suggestions',
    {
      config: { access: routeAccess('catalog:browse'), cacheResponse: true },
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags: ['plans'],
        summary: 'Names of plans on sale and of their developers with a word starting with `q`',
        querystring: suggestionsQuery,
        response: { 200: suggestionsResponse },
      },
    },
    (request) => suggestions.suggest(request.query.q),
  );
};
