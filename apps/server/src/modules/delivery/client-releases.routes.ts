import {
  CLASSPATH_UPDATED_MESSAGE,
  LOADER_UPDATED_MESSAGE,
  publishReleaseQuery,
  releasePublishedResponse,
} from '@ember/contracts/repo-updates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import { created } from '../../plugins/route-replies.ts';
import type { ClientReleasesService } from './client-releases.service.ts';

/** Shop base, spec §7: the admin commands that publish the loader and the server classpath. */
export const clientReleasesRoutes: FastifyPluginAsyncZod<{ releases: ClientReleasesService }> = async (
  app,
  { releases },
) => {
  const route = declareRoutes(app, { tags: ['client releases'] });

  route.post(
    '/commands/update-loader',
    {
      action: 'loader:update',
      summary:
        'Publish the loader build in LOADER_RELEASE_DIR as the current loader (admins); the same version again needs ?force',
      querystring: publishReleaseQuery,
      response: { 201: releasePublishedResponse },
    },
    created(async (request) => ({
      message: LOADER_UPDATED_MESSAGE,
      release: await releases.publish(callerOf(request), 'LOADER', request.query.force),
    })),
  );

  route.post(
    '/commands/update-classpath',
    {
      action: 'classpath:update',
      summary:
        'Publish the server classpath build in CLASSPATH_RELEASE_DIR (admins); the same version again needs ?force',
      querystring: publishReleaseQuery,
      response: { 201: releasePublishedResponse },
    },
    created(async (request) => ({
      message: CLASSPATH_UPDATED_MESSAGE,
      release: await releases.publish(callerOf(request), 'CLASSPATH', request.query.force),
    })),
  );
};
