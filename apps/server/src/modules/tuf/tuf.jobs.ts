import { defineScheduledJob } from '../jobs/index.ts';

export const TUF_REFRESH_JOB = 'tuf-refresh-metadata';

/**
 * Every 10 minutes: the operator's newly signed files are published, and snapshot and timestamp
 * are signed again before they expire (a timestamp lives about a day: TUF_TIMESTAMP_TTL_SECONDS).
 */
export function tufJobs(deps: { refresh: () => Promise<void> }) {
  const refresh = defineScheduledJob({
    name: TUF_REFRESH_JOB,
    cron: '*/10 * * * *',
    handler: async () => {
      await deps.refresh();
      return {};
    },
  });
  return { refresh, all: [refresh] };
}
