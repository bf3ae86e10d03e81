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
