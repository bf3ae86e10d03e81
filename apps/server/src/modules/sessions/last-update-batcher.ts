import { createLatestBatcher } from '../../lib/latest-batcher.ts';

/** A session's last heartbeat, to be written. */
export interface SessionTouch {
  sessionId: string;
  /** When the session opened (its session-log row's partition). */
  startedAt: Date;
  lastUpdate: Date;
}

/**
 * Heartbeats that change nothing but a session's last update are written in batches (decision
 * 0036): at most one write per `intervalMs` per process, each session's newest time once, in one
 * statement. What a crash loses is at most one window of last updates, never a limit: the timeout
 * is far longer.
 */
export function createLastUpdateBatcher(deps: {
  write: (touches: SessionTouch[]) => Promise<void>;
  intervalMs: number;
  onError: (error: unknown) => void;
}) {
  const batcher = createLatestBatcher<SessionTouch>({
    ...deps,
    keyOf: (touch) => touch.sessionId,
    newer: (next, kept) => next.lastUpdate > kept.lastUpdate,
  });
  return {
    touch: batcher.add,
    /** The session ended: its pending last update is not written. */
    forget: batcher.forget,
    /** The newest last update this process holds for a session and has not written yet. */
    pendingOf: (sessionId: string): Date | undefined => batcher.pendingOf(sessionId)?.lastUpdate,
    flush: batcher.flush,
    close: batcher.close,
  };
}

export type LastUpdateBatcher = ReturnType<typeof createLastUpdateBatcher>;
