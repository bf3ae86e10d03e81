import {
  failedJobParams,
  failedJobsQuery,
  failedJobsResponse,
  retryFailedJobResponse,
} from '@ember/contracts/jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import type { FailedJobRetry } from './failed-job-retry.ts';
import type { JobQueue } from './job-queue.ts';

/** Admin base: what the background jobs left undone. */
export const jobsRoutes: FastifyPluginAsyncZod<{
  jobs: Pick<JobQueue, 'listFailed'>;
  failedJobs: FailedJobRetry;
}> = async (app, { jobs, failedJobs }) => {
  const route = declareRoutes(app, { tags: ['jobs'] });

  route.get(
    '/jobs/failed',
    {
      action: 'job:read',
      summary: 'Background jobs that failed after their last retry, newest first (admins)',
      querystring: failedJobsQuery,
      response: { 200: failedJobsResponse },
    },
    (request) => jobs.listFailed(request.query),
  );

  route.post(
    '/jobs/failed/:id/retry',
    {
      action: 'job:retry',
      summary: 'Put a failed job back in its queue for one more attempt (admins; audited)',
      params: failedJobParams,
      response: { 200: retryFailedJobResponse },
    },
    (request) => failedJobs.retry(callerOf(request), request.params.id),
  );
};
