import { defineScheduledJob } from '../jobs/index.ts';

export const STALE_SESSIONS_JOB = 'sessions-delete-stale';

/**
 * Every minute, sessions without a heartbeat for CLIENT_SESSION_TIMEOUT_SECONDS are deleted. They
 * stopped counting at the timeout already; this keeps the table small. `stately`: a slow sweep is
 * never doubled by the next tick.
 */
export function clientSessionJobs(deps: { deleteStale: () => Promise<number> }) {
  const deleteStale = defineScheduledJob({
    name: STALE_SESSIONS_JOB,
    cron: '* * * * *',
    retryDelaySeconds: 10,
    expireInSeconds: 60,
    handler: async () => ({ deleted: await deps.deleteStale() }),
  });
  return { deleteStale, all: [deleteStale] };
}
