// The sessions module's public surface: code outside the module imports only from here (decision 0035).

export { clientSessionsAccountTransfer } from './account-transfer.ts';
export { limitGenerationOf } from './client-limit-generations.ts';
export { clientSessionJobs } from './client-sessions.jobs.ts';
export type { ClientSessions } from './client-sessions.service.ts';
export type { ClientStanding } from './known-sessions.ts';
export { findRunTime, type RunTime } from './run-time.ts';
export { sessionAdminRoutes } from './session-admin.routes.ts';
export { sessionLogJobs } from './session-logs.jobs.ts';
export { sessionLogsRoutes } from './session-logs.routes.ts';
export { createSessionServices } from './session-services.ts';
export { sessionsRoutes } from './sessions.routes.ts';
export { sessionsModule } from './sessions-module.ts';
