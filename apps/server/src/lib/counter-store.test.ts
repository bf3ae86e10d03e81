import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CounterStore,
  createMemoryCounterStore,
  createRedisCounterStore,
  failingOpen,
} from './counter-store.ts';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

let redis: CounterStore;
const memory = createMemoryCounterStore();
const prefix = `ember-test:${process.pid}:${Date.now()}:`;

beforeAll(async () => {
  redis = await createRedisCounterStore({ url: REDIS_URL, keyPrefix: prefix, onError: () => {} });
});

afterAll(async () => {
  await redis?.close();
  await memory.close();
});

describe.each([
  ['in memory', () => memory],
  ['in Redis', () => redis],
])('counters %s', (_name, store) => {
  it('count within a window and start again when it ends', async () => {
    const key = `window:${Math.random()}`;
    expect((await store().increment(key, 200)).count).toBe(1);
    const second = await store().increment(key, 200);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(0);
    expect(second.resetInMs).toBeLessThanOrEqual(200);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await store().increment(key, 200)).count).toBe(1);
  });

  it('take one back, never below zero', async () => {
    const key = `decrement:${Math.random()}`;
    await store().increment(key, 10_000);
    await store().increment(key, 10_000);
    await store().decrement(key);
    expect((await store().increment(key, 10_000)).count).toBe(2);
    const untouched = `untouched:${Math.random()}`;
    await store().decrement(untouched);
    expect((await store().increment(untouched, 10_000)).count).toBe(1);
  });
});

describe('the limit store', () => {
  it('refuses to start with a Redis that does not answer, naming REDIS_URL', async () => {
    await expect(
      createRedisCounterStore({ url: 'redis://127.0.0.1:1', keyPrefix: prefix, onError: () => {} }),
    ).rejects.toThrow(/Cannot reach Redis at REDIS_URL/);
  });

  it('lets requests through and reports it when the store fails, so an outage does not close the site', async () => {
    const reported: unknown[] = [];
    const broken: CounterStore = {
      increment: () => Promise.reject(new Error('connection lost')),
      decrement: () => Promise.reject(new Error('connection lost')),
      close: async () => {},
    };
    const store = failingOpen(broken, (error) => reported.push(error));
    expect((await store.increment('any', 1000)).count).toBe(0);
    await store.decrement('any');
    expect(reported).toHaveLength(2);
  });
});
