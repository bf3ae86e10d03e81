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
 * statement. A failed write keeps its rows for the next batch (a newer heartbeat wins). What a crash
 * loses is at most one window of last updates, never a limit: the timeout is far longer.
 */
export function createLastUpdateBatcher(deps: {
  write: (touches: SessionTouch[]) => Promise<void>;
  intervalMs: number;
  onError: (error: unknown) => void;
}) {
  let pending = new Map<string, SessionTouch>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  const keep = (touch: SessionTouch) => {
    const known = pending.get(touch.sessionId);
    if (!known || known.lastUpdate < touch.lastUpdate) pending.set(touch.sessionId, touch);
  };

  async function writeBatch(): Promise<void> {
    if (pending.size === 0) return;
    const batch = [...pending.values()].sort((a, b) => (a.sessionId < b.sessionId ? -1 : 1));
    pending = new Map();
    try {
      await deps.write(batch);
    } catch (error) {
      for (const touch of batch) keep(touch);
      deps.onError(error);
    }
  }

  /** Writes what is pending, after any write under way (one at a time). */
  function flush(): Promise<void> {
    writing = writing.then(writeBatch);
    return writing;
  }

  return {
    touch(touch: SessionTouch) {
      keep(touch);
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void flush();
      }, deps.intervalMs);
      timer.unref();
    },
    /** The session ended: its pending last update is not written. */
    forget(sessionId: string) {
      pending.delete(sessionId);
    },
    /** The newest last update this process holds for a session and has not written yet. */
    pendingOf(sessionId: string): Date | undefined {
      return pending.get(sessionId)?.lastUpdate;
    },
    flush,
    /** On shutdown: no more timers, everything pending written. */
    async close() {
      if (timer) clearTimeout(timer);
      timer = null;
      await flush();
    },
  };
}

export type LastUpdateBatcher = ReturnType<typeof createLastUpdateBatcher>;
