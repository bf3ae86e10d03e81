import {
  failedJobParams,
  failedJobsQuery,
  failedJobsResponse,
  retryFailedJobResponse,
} from '@ember/contracts/jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/access-control.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { FailedJobRetry } from './failed-job-retry.ts';
import type { JobQueue } from './job-queue.ts';

/** Admin base: what the background jobs left undone. */
export const jobsRoutes: FastifyPluginAsyncZod<{
  jobs: Pick<JobQueue, 'listFailed'>;
  failedJobs: FailedJobRetry;
}> = async (app, { jobs, failedJobs }) => {
  app.get(
    '/jobs/failed',
    {
      config: { access: routeAccess('job:read') },
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

  app.post(
    '/jobs/failed/:id/retry',
    {
      config: { access: routeAccess('job:retry') },
      schema: {
        tags: ['jobs'],
        summary: 'Put a failed job back in its queue for one more attempt (admins; audited)',
        security: [{ bearer: [] }],
        params: failedJobParams,
        response: { 200: retryFailedJobResponse },
      },
    },
    (request) => failedJobs.retry(callerOf(request), request.params.id),
  );
};
