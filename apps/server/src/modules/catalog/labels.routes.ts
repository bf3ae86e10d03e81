import { labelsResponse } from '@ember/contracts/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declareRoutes } from '../../plugins/define-route.ts';
import type { LabelsService } from './labels.service.ts';

/** Shop base. */
export const labelsRoutes: FastifyPluginAsyncZod<{ labels: LabelsService }> = async (app, { labels }) => {
  const route = declareRoutes(app, { tags: ['catalog'] });

  route.get(
    '/labels',
    {
      action: 'catalog:browse',
      summary: 'The 28 plan labels (skill categories) in their fixed order',
      response: { 200: labelsResponse },
    },
    () => labels.listLabels(),
  );
};
