import {
  repoUpdatePageResponse,
  repoUpdateQueuedResponse,
  repoUpdatesFlushedResponse,
  repoUpdatesQuery,
  repoUpdatesQueuedResponse,
  requestAllRepoUpdatesQuery,
  requestRepoUpdateBody,
  UPDATE_QUEUED_MESSAGE,
  UPDATES_FLUSHED_MESSAGE,
} from '@ember/contracts/repo-updates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, requirePrincipal } from '../../plugins/access-control.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { RepoUpdatesService } from './repo-updates.service.ts';

const security = [{ bearer: [] }];

/** Shop base, spec §7 client delivery service: repository updates. */
export const repoUpdatesRoutes: FastifyPluginAsyncZod<{ repoUpdates: RepoUpdatesService }> = async (
  app,
  { repoUpdates },
) => {
  const tags = ['repo updates'];

  app.get(
    '/repo-updates',
    {
      config: { access: routeAccess('repository:read') },
      schema: {
        tags,
        summary:
          "Repository updates, newest first: a repository's (?repoId, its owner or an admin); without it an admin sees all, a developer their repositories'",
        security,
        querystring: repoUpdatesQuery,
        response: { 200: repoUpdatePageResponse },
      },
    },
    (request) => repoUpdates.list(requirePrincipal(request), request.query),
  );

  app.post(
    '/repo-updates',
    {
      config: { access: routeAccess('repository:request-update') },
      schema: {
        tags,
        summary:
          'Queue an update of a repository (its owner or an admin); it runs as a background job, one per repository at a time',
        security,
        body: requestRepoUpdateBody,
        response: { 202: repoUpdateQueuedResponse },
      },
    },
    async (request, reply) =>
      reply.code(202).send({
        message: UPDATE_QUEUED_MESSAGE,
        update: await repoUpdates.request(callerOf(request), request.body),
      }),
  );

  app.post(
    '/repo-updates/all',
    {
      config: { access: routeAccess('repo-update:manage') },
      schema: {
        tags,
        summary:
          'Queue an update of every repository (admins); ?force registers plugins even when no commit changed',
        security,
        querystring: requestAllRepoUpdatesQuery,
        response: { 202: repoUpdatesQueuedResponse },
      },
    },
    async (request, reply) =>
      reply.code(202).send({
        message: UPDATE_QUEUED_MESSAGE,
        queued: await repoUpdates.requestAll(callerOf(request), request.query.force),
      }),
  );

  app.put(
    '/repo-updates/flush',
    {
      config: { access: routeAccess('repo-update:manage') },
      schema: {
        tags,
        summary: 'Cancel the queued updates that have not started (admins)',
        security,
        response: { 200: repoUpdatesFlushedResponse },
      },
    },
    async (request) => ({
      message: UPDATES_FLUSHED_MESSAGE,
      cancelled: await repoUpdates.flush(callerOf(request)),
    }),
  );
};
