import { pageNumberParam, pageOf, pageSizeParam } from './paging.ts';
import { z } from './zod.ts';

/** GET /api/admin/jobs/failed: pages of 20 by default, at most 100. */
export const failedJobsQuery = z.object({
  page: pageNumberParam,
  size: pageSizeParam(20, 100),
});

/** A background job that used up its retries (ADR 0010). Dates are ISO strings. */
export const failedJob = z.object({
  id: z.string(),
  /** The job's queue, e.g. `wallet-ledger-audit`. */
  name: z.string(),
  payload: z.unknown(),
  /** The last attempt's error message. */
  error: z.string().nullable(),
  /** Retries made after the first attempt. */
  retryCount: z.number().int().nonnegative(),
  createdOn: z.iso.datetime(),
  startedOn: z.iso.datetime().nullable(),
  failedOn: z.iso.datetime(),
});
export type FailedJob = z.infer<typeof failedJob>;

export const failedJobsResponse = pageOf(failedJob);

/** The §8-style toast after a retry, and the refusals of POST /api/admin/jobs/failed/{id}/retry. */
export const JOB_RETRIED_MESSAGE = 'Job queued again';
export const JOB_NOT_FOUND_MESSAGE = 'No background job with that id.';
export const JOB_NOT_FAILED_MESSAGE =
  'This job is not failed any more: it was retried already or it finished.';
export const JOB_ARCHIVED_MESSAGE =
  'This job failed more than a week ago and was archived; it can no longer be retried.';

/** A job id in a path: pg-boss ids are UUIDs. */
export const failedJobParams = z.object({
  id: z.uuid({ error: 'The job id is a UUID, like 0b7c2f4e-8d1a-4c3b-9e5f-6a7b8c9d0e1f.' }),
});

/** POST /api/admin/jobs/failed/{id}/retry (admins): the job is back in its queue with one more try. */
export const retryFailedJobResponse = z.object({ message: z.string() });
export type RetryFailedJobResponse = z.infer<typeof retryFailedJobResponse>;
