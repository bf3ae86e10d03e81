import { z } from 'zod';
import { defineJob } from '../jobs/index.ts';

export const STALE_SESSIONS_JOB = 'sessions-delete-stale';

/**
 * Every minute, sessions without a heartbeat for CLIENT_SESSION_TIMEOUT_SECONDS are deleted. They
 * stopped counting at the timeout already; this keeps the table small. `stately`: a slow sweep is
 * never doubled by the next tick.
 */
export function clientSessionJobs(deps: { deleteStale: () => Promise<number> }) {
  const deleteStale = defineJob({
    name: STALE_SESSIONS_JOB,
    payload: z.object({}).strict(),
    policy: 'stately',
    retryLimit: 2,
    retryDelaySeconds: 10,
    retryBackoff: true,
    expireInSeconds: 60,
    schedule: { cron: '* * * * *', payload: {} },
    handler: async () => ({ deleted: await deps.deleteStale() }),
  });
  return { deleteStale, all: [deleteStale] };
}
