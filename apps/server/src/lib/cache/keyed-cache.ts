import type { CacheName, CacheRegistry } from './cache-registry.ts';

export interface KeyedCache<T = unknown> {
  /**
   * The kept answer for `key`, else `load()`'s. Concurrent misses of a key share one load; a failed
   * load is not kept; a load under way when the cache was dropped is given to its callers but not
   * kept. While the registry is not caching (invalidations cannot be heard) every call loads.
   */
  get<V extends T>(key: string, load: () => Promise<V>): Promise<V>;
  /** Drops every entry in this process (the registry does it; write paths call registry.invalidate(name)). */
  drop(): void;
  /** Entries kept now (loads under way included). */
  readonly size: number;
}

/**
 * The one cache primitive (decision 0033): answers kept by key for `ttlMs`, at most `maxEntries`
 * (the oldest goes first), registered under `name` so that `registry.invalidate(name)` drops them
 * here and in every other process. A TTL of 0 turns it off: every call loads.
 */
export function createKeyedCache<T = unknown>({
  name,
  ttlMs,
  maxEntries = 2000,
  registry,
  now = Date.now,
}: {
  name: CacheName;
  ttlMs: number;
  maxEntries?: number;
  registry: CacheRegistry;
  now?: () => number;
}): KeyedCache<T> {
  const entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();
  let generation = 0;

  const cache: KeyedCache<T> = {
    get<V extends T>(key: string, load: () => Promise<V>): Promise<V> {
      if (ttlMs <= 0 || !registry.caching) return load();
      const time = now();
      const found = entries.get(key);
      if (found && found.expiresAt > time) return found.value as Promise<V>;
      const loadedIn = generation;
      let value: Promise<V>;
      try {
        value = load();
      } catch (error) {
        return Promise.reject(error);
      }
      // Re-inserted, so the map's order is the order the entries were loaded in (the oldest goes first).
      entries.delete(key);
      entries.set(key, { expiresAt: time + ttlMs, value });
      const forget = () => {
        if (entries.get(key)?.value === value) entries.delete(key);
      };
      value.then(
        // A drop during the load may have made this answer stale: it is only for the callers that shared it.
        () => {
          if (generation !== loadedIn) forget();
        },
        forget,
      );
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return value;
    },
    drop() {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
  registry.register(name, cache);
  return cache;
}
