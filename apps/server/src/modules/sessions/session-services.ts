import { createSessionLimits } from './client-session-limits.ts';
import { touchSessions } from './client-sessions.repository.ts';
import { createClientSessions } from './client-sessions.service.ts';
import type { Db } from './db.ts';
import { createLastUpdateBatcher } from './last-update-batcher.ts';
import { createSessionAdminService } from './session-admin.service.ts';
import { createSessionLogUpkeep } from './session-log-upkeep.ts';
import { touchSessionLogs } from './session-logs.repository.ts';
import { createSessionLogsService } from './session-logs.service.ts';
import { createSessionsService } from './sessions.service.ts';

/** How often a process writes its batch of heartbeats' last updates (decision 0036). */
export const LAST_UPDATE_BATCH_MS = 1000;

/**
 * The sessions module's services, built once by the composition root: the website's sessions,
 * the staff's session admin and logs, and the game client's sessions, all under one set of limits.
 * `close()` writes the last batch of heartbeats (the app's onClose).
 */
export function createSessionServices(deps: {
  db: Db;
  clock: () => Date;
  timeoutSeconds: number;
  onBatchError: (error: unknown) => void;
  /** SESSION_LOG_RETENTION_DAYS. */
  logRetentionDays: number;
}) {
  const { db, clock } = deps;
  const limits = createSessionLimits({ timeoutSeconds: deps.timeoutSeconds });
  const batcher = createLastUpdateBatcher({
    intervalMs: LAST_UPDATE_BATCH_MS,
    // The session's row and its session-log row (one per session) get the same last update.
    write: async (touches) => {
      await touchSessions(db, touches);
      await touchSessionLogs(db, touches);
    },
    onError: deps.onBatchError,
  });
  return {
    sessions: createSessionsService({ db, clock, limits }),
    admin: createSessionAdminService({ db }),
    logs: createSessionLogsService({ db, clock, retentionDays: deps.logRetentionDays }),
    logUpkeep: createSessionLogUpkeep({ db, clock, retentionDays: deps.logRetentionDays }),
    clientSessions: createClientSessions({ db, clock, limits, batcher }),
    close: () => batcher.close(),
  };
}
