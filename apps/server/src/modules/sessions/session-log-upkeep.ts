import { maintainSessionLogPartitions } from '@ember/db/session-log-partitions';
import type { Db } from '@ember/db/types';

/**
 * The day partitions of session_logs (decision 0037): today's and SESSION_LOG_DAYS_AHEAD days
 * ahead exist, and the days older than the retention are dropped. Run once as the app starts (so a
 * session opened now always has its partition) and by the recurring job.
 */
export function createSessionLogUpkeep(deps: { db: Db; clock: () => Date; retentionDays: number }) {
  return {
    retentionDays: deps.retentionDays,
    run: () =>
      maintainSessionLogPartitions(deps.db, { now: deps.clock(), retentionDays: deps.retentionDays }),
  };
}

export type SessionLogUpkeep = ReturnType<typeof createSessionLogUpkeep>;
