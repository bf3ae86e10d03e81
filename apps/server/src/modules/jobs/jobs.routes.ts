import { failedJobsQuery, failedJobsResponse } from '@ember/contracts/jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { JobQueue } from './job-queue.ts';

/** Admin base: what the background jobs left undone. */
export const jobsRoutes: FastifyPluginAsyncZod<{ jobs: Pick<JobQueue, 'listFailed'> }> = async (
  app,
  { jobs },
) => {
  app.get(
    '/jobs/failed',
    {
      config: { access: ['ADMIN'] },
      schema: {
        tags: ['jobs'],
        summary: 'Background jobs that failed after their last retry, newest first (admins)',
        security: [{ bearer: [] }],
        querystring: failedJobsQuery,
        response: { 200: failedJobsResponse },
      },
    },
    (request) => jobs.listFailed(request.query),
  );
};
