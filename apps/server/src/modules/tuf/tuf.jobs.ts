import { z } from 'zod';
import { defineJob } from '../jobs/index.ts';

export const TUF_REFRESH_JOB = 'tuf-refresh-metadata';

/**
 * Every 10 minutes: the operator's newly signed files are published, and snapshot and timestamp
 * are signed again before they expire (a timestamp lives about a day: TUF_TIMESTAMP_TTL_SECONDS).
 */
export function tufJobs(deps: { refresh: () => Promise<void> }) {
  const refresh = defineJob({
    name: TUF_REFRESH_JOB,
    payload: z.object({}).strict(),
    policy: 'stately',
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 300,
    schedule: { cron: '*/10 * * * *', payload: {} },
    handler: async () => {
      await deps.refresh();
      return {};
    },
  });
  return { refresh, all: [refresh] };
}
