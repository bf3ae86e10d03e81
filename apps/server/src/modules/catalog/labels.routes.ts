import { labelsResponse } from '@ember/contracts/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeAccess } from '../../policy/policy.ts';
import type { LabelsService } from './labels.service.ts';

/** Shop base. */
export const labelsRoutes: FastifyPluginAsyncZod<{ labels: LabelsService }> = async (app, { labels }) => {
  app.get(
    '/labels',
    {
      config: { access: routeAccess('catalog:browse') },
      schema: {
        tags: ['catalog'],
        summary: 'The 28 plan labels (skill categories) in their fixed order',
        response: { 200: labelsResponse },
      },
    },
    () => labels.listLabels(),
  );
};
