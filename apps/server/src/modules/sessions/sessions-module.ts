import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../composition/module-context.ts';
import { clientSessionsAccountTransfer } from './account-transfer.ts';
import { clientSessionJobs } from './client-sessions.jobs.ts';
import { sessionAdminRoutes } from './session-admin.routes.ts';
import { sessionLogJobs } from './session-logs.jobs.ts';
import { sessionLogsRoutes } from './session-logs.routes.ts';
import { createSessionServices } from './session-services.ts';
import { sessionsRoutes } from './sessions.routes.ts';

/** Game-client sessions, their administration and logs (shop base). */
export async function sessionsModule({ env, db, clock, log, onClose }: ModuleContext) {
  const sessions = createSessionServices({
    db,
    clock,
    timeoutSeconds: env.CLIENT_SESSION_TIMEOUT_SECONDS,
    onBatchError: (error) =>
      log.error({ err: error }, 'heartbeat last updates not written; kept for the next batch'),
    logRetentionDays: env.SESSION_LOG_RETENTION_DAYS,
  });
  onClose(() => sessions.close());
  // Today's session-log partition and the week ahead exist before any session opens (ADR 0037).
  await sessions.logUpkeep.run();
  const plugin: FastifyPluginAsyncZod = async (app) => {
    const prefix = env.API_SHOP_BASE;
    await app.register(sessionsRoutes, { prefix, sessions: sessions.sessions });
    await app.register(sessionAdminRoutes, { prefix, sessionAdmin: sessions.admin });
    await app.register(sessionLogsRoutes, { prefix, sessionLogs: sessions.logs });
  };
  return {
    name: 'sessions',
    plugin,
    jobs: [
      ...clientSessionJobs({ deleteStale: () => sessions.clientSessions.deleteStale() }).all,
      ...sessionLogJobs({ upkeep: () => sessions.logUpkeep.run() }).all,
    ],
    accountTransfer: { sessions: clientSessionsAccountTransfer },
    ports: { clientSessions: sessions.clientSessions },
  };
}
