/**
 * Writes that only move something forward (a last update, a last use) kept in memory and written in
 * batches (decisions 0036, 0044): at most one write per `intervalMs` per process, each key's newest
 * item once, in key order (two processes' batches lock rows in the same order). A failed write keeps
 * its items for the next batch (a newer item wins). What a crash loses is at most one window.
 */
export function createLatestBatcher<Item>(deps: {
  keyOf: (item: Item) => string;
  /** Whether `next` supersedes `kept`. */
  newer: (next: Item, kept: Item) => boolean;
  write: (items: Item[]) => Promise<void>;
  intervalMs: number;
  onError: (error: unknown) => void;
}) {
  let pending = new Map<string, Item>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  const keep = (item: Item) => {
    const key = deps.keyOf(item);
    const kept = pending.get(key);
    if (!kept || deps.newer(item, kept)) pending.set(key, item);
  };

  async function writeBatch(): Promise<void> {
    if (pending.size === 0) return;
    const batch = [...pending.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, item]) => item);
    pending = new Map();
    try {
      await deps.write(batch);
    } catch (error) {
      for (const item of batch) keep(item);
      deps.onError(error);
    }
  }

  /** Writes what is pending, after any write under way (one at a time). */
  function flush(): Promise<void> {
    writing = writing.then(writeBatch);
    return writing;
  }

  return {
    add(item: Item) {
      keep(item);
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void flush();
      }, deps.intervalMs);
      timer.unref();
    },
    /** The item of `key` is no longer to be written. */
    forget(key: string) {
      pending.delete(key);
    },
    /** The newest item of `key` not written yet. */
    pendingOf: (key: string): Item | undefined => pending.get(key),
    flush,
    /** On shutdown: no more timers, everything pending written. */
    async close() {
      if (timer) clearTimeout(timer);
      timer = null;
      await flush();
    },
  };
}
