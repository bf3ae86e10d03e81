import { maintainSessionLogPartitions } from '@ember/db/session-log-partitions';
import { pruneLimitChanges } from './client-limit-generations.ts';
import type { Db } from './db.ts';

/**
 * The day partitions of session_logs (decision 0037): today's and SESSION_LOG_DAYS_AHEAD days
 * ahead exist, and the days older than the retention are dropped. Run once as the app starts (so a
 * session opened now always has its partition) and by the recurring job, which also prunes the
 * limit changes.
 */
export function createSessionLogUpkeep(deps: { db: Db; clock: () => Date; retentionDays: number }) {
  return {
    retentionDays: deps.retentionDays,
    async run() {
      const partitions = await maintainSessionLogPartitions(deps.db, {
        now: deps.clock(),
        retentionDays: deps.retentionDays,
      });
      // The same hourly upkeep keeps each user's newest limit change only (decision 0036).
      await pruneLimitChanges(deps.db);
      return partitions;
    },
  };
}

export type SessionLogUpkeep = ReturnType<typeof createSessionLogUpkeep>;
