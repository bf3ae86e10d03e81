import { developerIdParams, developerProfileResponse } from '@ember/contracts/developer-profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declareRoutes } from '../../plugins/define-route.ts';
import type { DeveloperProfiles } from './developer-profiles.ts';

/** Shop base: a developer's public page (issue 35). */
export const developersRoutes: FastifyPluginAsyncZod<{ developers: DeveloperProfiles }> = async (
  app,
  { developers },
) => {
  const route = declareRoutes(app, { tags: ['plans'] });

  route.get(
    '/developers/:id',
    {
      action: 'catalog:browse',
      cacheResponse: true,
      summary:
        "A developer's public page: since when they publish, their plans on sale, how often they update",
      params: developerIdParams,
      response: { 200: developerProfileResponse },
    },
    (request) => developers.get(request.params.id),
  );
};
