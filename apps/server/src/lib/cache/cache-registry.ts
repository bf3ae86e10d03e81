import { randomUUID } from 'node:crypto';

/**
 * The names write paths invalidate by (decision 0033). One name covers every cache and read model
 * built from the same tables: 'catalog' is the catalog reads, the catalog's answers as bytes, the
 * guest's rendered pages and the plans' search index; 'reviews' is the plans' pages of reviews with
 * their numbers (decision 0062), dropped by review writes without touching the catalog.
 */
export const CACHE_NAMES = ['catalog', 'reviews'] as const;
export type CacheName = (typeof CACHE_NAMES)[number];

export const isCacheName = (value: unknown): value is CacheName =>
  typeof value === 'string' && (CACHE_NAMES as readonly string[]).includes(value);

/** What a bus tells this process (invalidation-bus.ts). */
export interface InvalidationReceiver {
  /** Who published: a bus does not hand a process its own invalidations back. */
  readonly origin: string;
  /** Another process changed what `name` is built from. */
  dropLocally(name: CacheName): void;
  /** Invalidations can no longer be heard: drop everything, keep nothing until resume(). */
  suspend(reason: string): void;
  /** Heard again: drop everything (what was missed meanwhile), then keep again. */
  resume(): void;
}

/** Carries invalidations between the processes on one database. */
export interface InvalidationBus {
  /** Starts hearing for `receiver`; resolves after the first attempt (connected, or suspended and retrying); returns the stop. */
  start(receiver: InvalidationReceiver): Promise<() => Promise<void>>;
  /** Tells the other processes; resolves once sent. */
  publish(message: { name: CacheName; origin: string }): Promise<void>;
}

/** A cache or read model kept in memory and dropped by name. */
export interface CacheMember {
  drop(): void;
}

export interface CacheRegistry {
  /** This process's id on the bus. */
  readonly origin: string;
  /**
   * False while this process cannot hear other processes' invalidations (its LISTEN connection is
   * lost): every cache then loads every time and keeps nothing.
   */
  readonly caching: boolean;
  /** Adds a cache to a name (createKeyedCache does it). */
  register(name: CacheName, member: CacheMember): void;
  /** Runs `listener` whenever `name` is dropped here, whoever changed it (read models that are not keyed caches). */
  subscribe(name: CacheName, listener: () => void): void;
  /**
   * After a write committed: drops `name` in this process at once (so the writer's next read sees
   * its write), then tells every other process. Never rejects: a failed publish is reported to
   * `onPublishError` (the other processes then see the write when their entries expire).
   */
  invalidate(name: CacheName): Promise<void>;
  /** Connects the bus (an in-process one by default); the stop is part of close(). */
  connect(bus: InvalidationBus): Promise<void>;
  close(): Promise<void>;
}

/**
 * The one registry of in-memory caches of database state (decision 0033): every cache registers
 * under a name, write paths invalidate by name, and the bus carries that to the other processes.
 */
export function createCacheRegistry(
  options: { origin?: string; onPublishError?: (error: unknown, name: CacheName) => void } = {},
): CacheRegistry {
  const origin = options.origin ?? `${process.pid}-${randomUUID()}`;
  const members = new Map<CacheName, Set<CacheMember>>();
  let suspended = false;
  let bus: InvalidationBus | null = null;
  let stop: (() => Promise<void>) | null = null;

  const membersOf = (name: CacheName) => {
    let set = members.get(name);
    if (!set) {
      set = new Set();
      members.set(name, set);
    }
    return set;
  };
  const dropLocally = (name: CacheName) => {
    for (const member of membersOf(name)) member.drop();
  };
  const dropAll = () => {
    for (const name of members.keys()) dropLocally(name);
  };

  const receiver: InvalidationReceiver = {
    origin,
    dropLocally,
    // The bus logs why; the registry only stops keeping anything, and drops what it kept.
    suspend() {
      suspended = true;
      dropAll();
    },
    resume() {
      dropAll();
      suspended = false;
    },
  };

  return {
    origin,
    get caching() {
      return !suspended;
    },
    register(name, member) {
      membersOf(name).add(member);
    },
    subscribe(name, listener) {
      membersOf(name).add({ drop: listener });
    },
    async invalidate(name) {
      dropLocally(name);
      if (!bus) return;
      try {
        await bus.publish({ name, origin });
      } catch (error) {
        options.onPublishError?.(error, name);
      }
    },
    async connect(next) {
      if (bus) throw new Error('The cache registry is already connected to a bus');
      bus = next;
      stop = await next.start(receiver);
    },
    async close() {
      const stopping = stop;
      stop = null;
      bus = null;
      await stopping?.();
    },
  };
}

/** What a write path needs: invalidating by name after its transaction committed. */
export type CacheInvalidation = Pick<CacheRegistry, 'invalidate'>;
