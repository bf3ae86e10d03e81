import type { Db } from '@ember/db/types';
import { createSessionLimits, type SessionEntitlement } from './client-session-limits.ts';
import { createClientSessions } from './client-sessions.service.ts';
import { createSessionAdminService } from './session-admin.service.ts';
import { createSessionLogUpkeep } from './session-log-upkeep.ts';
import { createSessionLogsService } from './session-logs.service.ts';
import { createSessionsService } from './sessions.service.ts';

/** How a user's limits read another module's rows: (db or transaction, user id, now). */
type UserQuery<T> = (db: Db, userId: number, now: Date) => Promise<T>;

/**
 * The sessions module's services, built once by the composition root: the website's sessions,
 * the staff's session admin and logs, and the game client's sessions, all under one set of limits.
 */
export function createSessionServices(deps: {
  db: Db;
  clock: () => Date;
  /** The plugins a user is entitled to now (the client API's entitlements). */
  entitledPlugins: UserQuery<SessionEntitlement[]>;
  /** Extra sessions from recorded votes (the votes module). */
  extraSessions: UserQuery<number>;
  timeoutSeconds: number;
  /** SESSION_LOG_RETENTION_DAYS. */
  logRetentionDays: number;
}) {
  const { db, clock } = deps;
  const limits = createSessionLimits({
    entitledPlugins: deps.entitledPlugins,
    extraSessions: deps.extraSessions,
    timeoutSeconds: deps.timeoutSeconds,
  });
  return {
    sessions: createSessionsService({ db, clock, limits }),
    admin: createSessionAdminService({ db }),
    logs: createSessionLogsService({ db, retentionDays: deps.logRetentionDays }),
    logUpkeep: createSessionLogUpkeep({ db, clock, retentionDays: deps.logRetentionDays }),
    clientSessions: createClientSessions({ db, clock, limits }),
  };
}
