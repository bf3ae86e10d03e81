import { developerIdParams, developerProfileResponse } from '@ember/contracts/developer-profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeAccess } from '../../policy/policy.ts';
import type { DeveloperProfiles } from './developer-profiles.ts';

/** Shop base: a developer's public page (issue 35). */
export const developersRoutes: FastifyPluginAsyncZod<{ developers: DeveloperProfiles }> = async (
  app,
  { developers },
) => {
  app.get(
    '/developers/:id',
    {
      config: { access: routeAccess('catalog:browse'), cacheResponse: true },
      schema: {
        tags: ['plans'],
        summary:
          "A developer's public page: since when they publish, their plans on sale, how often they update",
        params: developerIdParams,
        response: { 200: developerProfileResponse },
      },
    },
    (request) => developers.get(request.params.id),
  );
};
