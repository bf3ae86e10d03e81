import { Redis } from 'ioredis';

/** How many times a key was counted in its current window, and when that window ends. */
export interface Count {
  count: number;
  resetInMs: number;
}

/**
 * Fixed-window counters: the first increment of a key opens a window of `windowMs`; the count
 * starts again from zero when it ends. Rate limits and failed-attempt limits both count here, so
 * with Redis every server process shares them.
 */
export interface CounterStore {
  increment(key: string, windowMs: number): Promise<Count>;
  /** Takes one back (an attempt that turned out not to count); never below zero, never opens a window. */
  decrement(key: string): Promise<void>;
  close(): Promise<void>;
}

/** One process's counters, for a single server or development. */
export function createMemoryCounterStore(now: () => number = Date.now): CounterStore {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const sweep = setInterval(() => {
    const time = now();
    for (const [key, window] of windows) if (window.endsAt <= time) windows.delete(key);
  }, 60_000);
  sweep.unref();

  return {
    async increment(key, windowMs) {
      const time = now();
      let window = windows.get(key);
      if (!window || window.endsAt <= time) {
        window = { count: 0, endsAt: time + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetInMs: window.endsAt - time };
    },
    async decrement(key) {
      const window = windows.get(key);
      if (window && window.endsAt > now() && window.count > 0) window.count -= 1;
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

// One round trip each, atomic, so processes counting the same key at once never lose a count.
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const DECREMENT = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

type CountingRedis = Redis & {
  emberIncrement(key: string, windowMs: number): Promise<[number, number]>;
  emberDecrement(key: string): Promise<number>;
};

/**
 * Counters in Redis, shared by every process using the same URL and key prefix. Connects at boot
 * (a wrong REDIS_URL stops the start); during an outage commands fail at once instead of queueing.
 */
export async function createRedisCounterStore(options: {
  url: string;
  keyPrefix: string;
  onError: (error: Error) => void;
}): Promise<CounterStore> {
  const { url, keyPrefix } = options;
  const redis = new Redis(url, {
    keyPrefix,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  }) as CountingRedis;
  redis.defineCommand('emberIncrement', { numberOfKeys: 1, lua: INCREMENT });
  redis.defineCommand('emberDecrement', { numberOfKeys: 1, lua: DECREMENT });
  // ioredis reconnects by itself; without a listener an outage would crash the process.
  redis.on('error', options.onError);
  await redis.connect().catch((error: unknown) => {
    redis.disconnect();
    throw new Error(`Cannot reach Redis at REDIS_URL: ${error instanceof Error ? error.message : error}`);
  });

  return {
    async increment(key, windowMs) {
      const [count, ttl] = await redis.emberIncrement(key, windowMs);
      return { count, resetInMs: ttl };
    },
    async decrement(key) {
      await redis.emberDecrement(key);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * The store as the limits use it: when it cannot answer (Redis down), the request is let through
 * and the outage logged. A limit store outage must not take the whole site down with it.
 */
export function failingOpen(store: CounterStore, onError: (error: unknown) => void): CounterStore {
  return {
    increment: (key, windowMs) =>
      store.increment(key, windowMs).catch((error: unknown) => {
        onError(error);
        return { count: 0, resetInMs: 0 };
      }),
    decrement: (key) => store.decrement(key).catch(onError),
    close: () => store.close(),
  };
}
