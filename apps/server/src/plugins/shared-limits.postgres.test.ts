import net from 'node:net';
import { createTestDatabase, type TestDatabase } from '@ember/db/test-support/test-database';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childProcesses } from '../../test-support/jobs/child-process.ts';
import { postgresServerUrl } from '../../test-support/jobs/job-test-helpers.ts';
import { SERVER_ENTRY } from '../scripts/server-entry.ts';

// Two real server processes on one PostgreSQL database and one Redis: a client that alternates
// between them meets one limit, not one per process. Redis runs on this machine (and in CI) at
// 127.0.0.1:6379; PostgreSQL is used in the PGlite run too, as two processes cannot share PGlite.

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const KEY_PREFIX = `ember-test:${process.pid}:${Date.now()}:`;

let database: TestDatabase;
const children = childProcesses();

beforeAll(async () => {
  const serverUrl = postgresServerUrl();
  database = await createTestDatabase({ serverUrl }).catch((error: unknown) => {
    throw new Error(`The shared-limit test needs PostgreSQL at ${serverUrl}: ${error}`);
  });
});

afterAll(async () => {
  await children.killAll();
  await database?.close();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${KEY_PREFIX}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startServer(): Promise<number> {
  const port = await freePort();
  await children.start(
    SERVER_ENTRY,
    {
      SERVICES: 'api',
      DATABASE_URL: database.url ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      SEED_ON_EMPTY: 'false',
      REDIS_URL,
      REDIS_KEY_PREFIX: KEY_PREFIX,
      RATE_LIMIT_PER_MINUTE: '6',
    },
    'is ready at',
  );
  return port;
}

describe('limits shared through Redis', () => {
  it('two server processes count one client together', async () => {
    // One after the other, so only the first runs the migrations.
    const first = await startServer();
    const second = await startServer();
    const health = (port: number) => fetch(`http://127.0.0.1:${port}/healthz`).then((res) => res.status);

    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push(await health(i % 2 === 0 ? first : second));

    // Six in all, three on each: alone each process would still have answered 200 twice more.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    // Two starts, each within the child processes' ready wait.
  }, 150_000);
});
