import { defineScheduledJob } from '../jobs/index.ts';

export const SESSION_LOG_PARTITIONS_JOB = 'session-logs-partitions';

/**
 * Every hour, the session-log day partitions ahead are created, those past the retention dropped
 * and the days over counted (session-log-upkeep.ts). Idempotent, and far more often than the week
 * kept ahead needs, so a few failed runs never leave a day without its partition. `stately`: never
 * doubled.
 */
export function sessionLogJobs(deps: {
  upkeep: () => Promise<{ created: number; dropped: number; counted: number }>;
}) {
  const partitions = defineScheduledJob({
    name: SESSION_LOG_PARTITIONS_JOB,
    cron: '7 * * * *',
    retryLimit: 3,
    expireInSeconds: 600,
    handler: async () => deps.upkeep(),
  });
  return { partitions, all: [partitions] };
}
