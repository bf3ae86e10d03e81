import type { ClientApi, OpenedSession } from './client-api.ts';

export interface SessionRunOptions {
  pluginId: number;
  /** Stops after this many seconds; without it, runs until `signal` aborts. */
  forSeconds?: number;
  signal?: AbortSignal;
  /** Overrides the server's heartbeatSeconds (tests). */
  heartbeatMs?: number;
  onOpen?: (session: OpenedSession) => void;
  onHeartbeat?: (lastUpdate: string) => void;
}

export interface SessionRunResult {
  session: OpenedSession;
  heartbeats: number;
}

/**
 * Opens a session and keeps it alive with a heartbeat every heartbeatSeconds until stopped, then
 * closes it. A refused open or heartbeat (limit, entitlement, ended session) throws the server's
 * ClientApiError; the server has ended that session already, so it is not closed again.
 */
export async function runSession(api: ClientApi, options: SessionRunOptions): Promise<SessionRunResult> {
  const session = await api.openSession(options.pluginId);
  options.onOpen?.(session);
  const everyMs = options.heartbeatMs ?? session.heartbeatSeconds * 1000;
  const stopAt =
    options.forSeconds === undefined ? Number.POSITIVE_INFINITY : Date.now() + options.forSeconds * 1000;
  let heartbeats = 0;
  while (!options.signal?.aborted) {
    const waitMs = Math.min(everyMs, stopAt - Date.now());
    if (waitMs <= 0) break;
    const interrupted = await pause(waitMs, options.signal);
    if (interrupted || Date.now() >= stopAt) break;
    const beat = await api.heartbeat(session.sessionId);
    heartbeats++;
    options.onHeartbeat?.(beat.lastUpdate);
  }
  await api.closeSession(session.sessionId);
  return { session, heartbeats };
}

/** Waits `ms`; resolves true early when `signal` aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(true);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(false);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
