// The sessions module's public surface: code outside the module imports only from here (decision 0035).

export { limitGenerationOf } from './client-limit-generations.ts';
export type { ClientSessions } from './client-sessions.service.ts';
export type { ClientStanding } from './known-sessions.ts';
export { findRunTime, type RunTime } from './run-time.ts';
export { sessionsModule } from './sessions-module.ts';
