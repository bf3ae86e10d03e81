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
import { declareRoutes } from '../../plugins/define-route.ts';
import { accepted } from '../../plugins/route-replies.ts';
import type { RepoUpdatesService } from './repo-updates.service.ts';

/** Shop base, spec §7 client delivery service: repository updates. */
export const repoUpdatesRoutes: FastifyPluginAsyncZod<{ repoUpdates: RepoUpdatesService }> = async (
  app,
  { repoUpdates },
) => {
  const route = declareRoutes(app, { tags: ['repo updates'] });

  route.get(
    '/repo-updates',
    {
      action: 'repository:read',
      summary:
        "Repository updates, newest first: a repository's (?repoId, its owner or an admin); without it an admin sees all, a developer their repositories'",
      querystring: repoUpdatesQuery,
      response: { 200: repoUpdatePageResponse },
    },
    (request) => repoUpdates.list(requirePrincipal(request), request.query),
  );

  route.post(
    '/repo-updates',
    {
      action: 'repository:request-update',
      summary:
        'Queue an update of a repository (its owner or an admin); it runs as a background job, one per repository at a time',
      body: requestRepoUpdateBody,
      response: { 202: repoUpdateQueuedResponse },
    },
    accepted(async (request) => ({
      message: UPDATE_QUEUED_MESSAGE,
      update: await repoUpdates.request(callerOf(request), request.body),
    })),
  );

  route.post(
    '/repo-updates/all',
    {
      action: 'repo-update:manage',
      summary:
        'Queue an update of every repository (admins); ?force registers plugins even when no commit changed',
      querystring: requestAllRepoUpdatesQuery,
      response: { 202: repoUpdatesQueuedResponse },
    },
    accepted(async (request) => ({
      message: UPDATE_QUEUED_MESSAGE,
      queued: await repoUpdates.requestAll(callerOf(request), request.query.force),
    })),
  );

  route.put(
    '/repo-updates/flush',
    {
      action: 'repo-update:manage',
      summary: 'Cancel the queued updates that have not started (admins)',
      response: { 200: repoUpdatesFlushedResponse },
    },
    async (request) => ({
      message: UPDATES_FLUSHED_MESSAGE,
      cancelled: await repoUpdates.flush(callerOf(request)),
    }),
  );
};
