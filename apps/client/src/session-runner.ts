import type { ClientApi, ClientApiError, OpenedSession } from './client-api.ts';
import { heartbeatWithRetry, pause } from './heartbeat-retry.ts';

export interface SessionRunOptions {
  pluginId: number;
  /** Stops after this many seconds; without it, runs until `signal` aborts. */
  forSeconds?: number;
  signal?: AbortSignal;
  /** Overrides the server's heartbeatSeconds (tests). */
  heartbeatMs?: number;
  onOpen?: (session: OpenedSession) => void;
  onHeartbeat?: (lastUpdate: string) => void;
  /** A heartbeat failed in a way that may pass (429, 5xx, no connection) and is tried again after `waitMs`. */
  onRetry?: (error: ClientApiError, waitMs: number) => void;
}

export interface SessionRunResult {
  session: OpenedSession;
  heartbeats: number;
}

/**
 * Opens a session and keeps it alive with a heartbeat every heartbeatSeconds until stopped, then
 * closes it. A heartbeat that fails in a way that may pass is tried again within the session's
 * timeout (heartbeat-retry.ts). A refused open or heartbeat (limit, entitlement, ended session)
 * throws the server's ClientApiError; the server has ended that session already, so it is not
 * closed again.
 */
export async function runSession(api: ClientApi, options: SessionRunOptions): Promise<SessionRunResult> {
  const session = await api.openSession(options.pluginId);
  options.onOpen?.(session);
  const everyMs = options.heartbeatMs ?? session.heartbeatSeconds * 1000;
  const stopAt =
    options.forSeconds === undefined ? Number.POSITIVE_INFINITY : Date.now() + options.forSeconds * 1000;
  let heartbeats = 0;
  let lastAnsweredAt = Date.now();
  while (!options.signal?.aborted) {
    const waitMs = Math.min(everyMs, stopAt - Date.now());
    if (waitMs <= 0) break;
    const interrupted = await pause(waitMs, options.signal);
    if (interrupted || Date.now() >= stopAt) break;
    const beat = await heartbeatWithRetry(() => api.heartbeat(session.sessionId), {
      timeoutMs: session.timeoutSeconds * 1000,
      lastAnsweredAt,
      signal: options.signal,
      onRetry: options.onRetry,
    });
    if (beat === null) break;
    lastAnsweredAt = Date.now();
    heartbeats++;
    options.onHeartbeat?.(beat.lastUpdate);
  }
  await api.closeSession(session.sessionId);
  return { session, heartbeats };
}
