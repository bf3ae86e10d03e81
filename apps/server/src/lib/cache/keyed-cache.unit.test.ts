import { describe, expect, it, vi } from 'vitest';
import { createCacheRegistry, type InvalidationReceiver } from './cache-registry.ts';
import { createInProcessInvalidationBus } from './invalidation-bus.ts';
import { createKeyedCache } from './keyed-cache.ts';

/** A load whose answer the test settles. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (reason: Error) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(options: { ttlMs?: number; maxEntries?: number } = {}) {
  let time = 1_000_000;
  const caches = createCacheRegistry();
  const cache = createKeyedCache<string>({
    name: 'catalog',
    ttlMs: options.ttlMs ?? 5000,
    maxEntries: options.maxEntries,
    registry: caches,
    now: () => time,
  });
  let version = 0;
  const load = vi.fn(async () => `v${++version}`);
  return {
    caches,
    cache,
    load,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

describe('the keyed cache', () => {
  it('keeps an answer for its lifetime, then loads again', async () => {
    const { cache, load, advance } = setup({ ttlMs: 5000 });
    expect(await cache.get('a', load)).toBe('v1');
    advance(4999);
    expect(await cache.get('a', load)).toBe('v1');
    advance(2);
    expect(await cache.get('a', load)).toBe('v2');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps one answer per key', async () => {
    const { cache, load } = setup();
    expect(await cache.get('a', load)).toBe('v1');
    expect(await cache.get('b', load)).toBe('v2');
    expect(await cache.get('a', load)).toBe('v1');
  });

  it('shares one load among concurrent first misses of a key', async () => {
    const { cache } = setup();
    const pending = deferred<string>();
    const load = vi.fn(() => pending.promise);
    const answers = Promise.all(Array.from({ length: 20 }, () => cache.get('a', load)));
    pending.resolve('shared');
    expect(await answers).toEqual(Array(20).fill('shared'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed load (its waiters get the failure, the next caller loads again)', async () => {
    const { cache, load } = setup();
    const failing = deferred<string>();
    const first = cache.get('a', () => failing.promise);
    const waiter = cache.get('a', load);
    failing.reject(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await expect(waiter).rejects.toThrow('database down');
    expect(await cache.get('a', load)).toBe('v1');
    expect(cache.size).toBe(1);
  });

  it('passes a load that throws at once to its caller and keeps nothing', async () => {
    const { cache, load } = setup();
    await expect(
      cache.get('a', () => {
        throw new Error('bad key');
      }),
    ).rejects.toThrow('bad key');
    expect(await cache.get('a', load)).toBe('v1');
  });

  it('drops every answer when its name is invalidated, so the next read loads', async () => {
    const { caches, cache, load } = setup();
    await cache.get('a', load);
    await cache.get('b', load);
    await caches.invalidate('catalog');
    expect(cache.size).toBe(0);
    expect(await cache.get('a', load)).toBe('v3');
  });

  it('gives a load under way at an invalidation to its callers but does not keep it', async () => {
    const { caches, cache, load } = setup();
    const stale = deferred<string>();
    const before = cache.get('a', () => stale.promise);
    await caches.invalidate('catalog');
    // A caller after the invalidation does not join the stale load.
    const after = cache.get('a', load);
    stale.resolve('stale');
    expect(await before).toBe('stale');
    expect(await after).toBe('v1');
    expect(await cache.get('a', load)).toBe('v1');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps at most maxEntries, the oldest going first', async () => {
    const { cache, load } = setup({ maxEntries: 2 });
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(cache.size).toBe(2);
    expect(await cache.get('b', load)).toBe('v2');
    expect(await cache.get('c', load)).toBe('v3');
    expect(await cache.get('a', load)).toBe('v4');
  });

  it('loads every time with a lifetime of 0', async () => {
    const { cache, load } = setup({ ttlMs: 0 });
    expect(await cache.get('a', load)).toBe('v1');
    expect(await cache.get('a', load)).toBe('v2');
    expect(cache.size).toBe(0);
  });
});

describe('bypass while invalidations cannot be heard', () => {
  /** A bus the test drives: it hands over the receiver the registry started it with. */
  function drivenBus() {
    let receiver: InvalidationReceiver | null = null;
    return {
      bus: {
        async start(started: InvalidationReceiver) {
          receiver = started;
          return async () => {};
        },
        async publish() {},
      },
      receiver: () => receiver as unknown as InvalidationReceiver,
    };
  }

  it('drops everything, loads every call and keeps nothing until resumed, then caches again', async () => {
    const { caches, cache, load } = setup();
    const driven = drivenBus();
    await caches.connect(driven.bus);
    expect(await cache.get('a', load)).toBe('v1');

    driven.receiver().suspend('LISTEN connection ended');
    expect(caches.caching).toBe(false);
    expect(cache.size).toBe(0);
    expect(await cache.get('a', load)).toBe('v2');
    expect(await cache.get('a', load)).toBe('v3');
    expect(cache.size).toBe(0);

    driven.receiver().resume();
    expect(caches.caching).toBe(true);
    expect(await cache.get('a', load)).toBe('v4');
    expect(await cache.get('a', load)).toBe('v4');
  });

  it('does not keep a load that started before the connection was lost', async () => {
    const { caches, cache, load } = setup();
    const driven = drivenBus();
    await caches.connect(driven.bus);
    const stale = deferred<string>();
    const before = cache.get('a', () => stale.promise);
    driven.receiver().suspend('LISTEN connection ended');
    driven.receiver().resume();
    stale.resolve('stale');
    expect(await before).toBe('stale');
    expect(await cache.get('a', load)).toBe('v1');
  });

  it('tells subscribers (read models) at every drop: invalidation, loss and resumption', async () => {
    const { caches } = setup();
    const driven = drivenBus();
    await caches.connect(driven.bus);
    const listener = vi.fn();
    caches.subscribe('catalog', listener);
    await caches.invalidate('catalog');
    driven.receiver().suspend('lost');
    driven.receiver().resume();
    expect(listener).toHaveBeenCalledTimes(3);
  });
});

describe('the in-process bus', () => {
  it('drops the name in every other registry on it, not in the publisher twice', async () => {
    const bus = createInProcessInvalidationBus();
    const a = setup();
    const b = setup();
    await a.caches.connect(bus);
    await b.caches.connect(bus);
    const dropsOfA = vi.fn();
    a.caches.subscribe('catalog', dropsOfA);
    await a.cache.get('k', a.load);
    await b.cache.get('k', b.load);

    await a.caches.invalidate('catalog');
    expect(dropsOfA).toHaveBeenCalledTimes(1);
    expect(await b.cache.get('k', b.load)).toBe('v2');

    await b.caches.close();
    await a.caches.invalidate('catalog');
    expect(await b.cache.get('k', b.load)).toBe('v2');
  });
});
