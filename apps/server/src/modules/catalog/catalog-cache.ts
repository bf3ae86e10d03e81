/**
 * The public catalog's read cache (issue 11, decision 0020): shop pages, shop counts and public
 * plan pages, kept in this process for `ttlMs` and dropped at once whenever this process changes
 * the catalog (`invalidate`, called by the plan and price services after every write). Another
 * server process's change shows here within `ttlMs`. A TTL of 0 turns the cache off.
 */
export function createCatalogCache({ ttlMs, maxEntries = 2000 }: { ttlMs: number; maxEntries?: number }) {
  const entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();
  const listeners: (() => void)[] = [];
  let generation = 0;

  return {
    /** The cached answer for `key`, else `load()`'s (a failed load is not kept; concurrent callers share one load). */
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const now = Date.now();
      const found = entries.get(key);
      if (found && found.expiresAt > now) return found.value as Promise<T>;
      const loadedIn = generation;
      const value = load();
      entries.set(key, { expiresAt: now + ttlMs, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      // A write during the load may have made this answer stale: keep it only for this caller.
      void value.then(
        () => {
          if (generation !== loadedIn && entries.get(key)?.value === value) entries.delete(key);
        },
        () => {},
      );
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return value;
    },

    invalidate(): void {
      generation++;
      entries.clear();
      for (const listener of listeners) listener();
    },

    /** Also run `listener` on every invalidation (other catalog read models). */
    onInvalidate(listener: () => void): void {
      listeners.push(listener);
    },
  };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;
