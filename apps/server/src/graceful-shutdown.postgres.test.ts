import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { subscriptions } from '@ember/db/schema/subscriptions';
import { createTestDatabase, type TestDatabase } from '@ember/db/test-support/test-database';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { headersFor } from '../test-support/auth.ts';
import { postgresServerUrl } from '../test-support/jobs/job-test-helpers.ts';
import type { TestContext } from '../test-support/test-app.ts';
import { balanceOf, givenPriceOf, givenUser } from '../test-support/test-data.ts';
import { nodeArgsToStart } from './scripts/server-entry.ts';

// Issue 22, graceful shutdown, on the real entry point (server.ts) in a child process on PostgreSQL:
// SIGTERM → /readyz 503 during SHUTDOWN_DRAIN_MS → listener closed (new connections refused) → the
// purchase in flight completes and is in the books → exit 0 within the deadline. A second signal
// exits 1 at once. The sequence itself, piece by piece: lib/graceful-shutdown.unit.test.ts.
// Ports 3430-3439.

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const JWT_SECRET = randomBytes(32).toString('base64url');

let database: TestDatabase;
let child: ChildProcess | undefined;

beforeAll(async () => {
  database = await createTestDatabase({ serverUrl: postgresServerUrl() });
});

afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }
  child = undefined;
});

afterAll(async () => {
  await database?.close();
});

interface Started {
  process: ChildProcess;
  output(): string;
  exit: Promise<{ code: number | null; at: number }>;
}

/** server.ts as `npm run serve` starts it, on the test database; resolves once it printed its ready line. */
async function startServer(port: number, env: Record<string, string>): Promise<Started> {
  const started = spawn(process.execPath, nodeArgsToStart(), {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      SERVICES: 'api,worker',
      DATABASE_URL: database.url ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: '',
      JWT_SECRET,
      SEED_ON_EMPTY: 'false',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = started;
  let text = '';
  started.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  started.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  const exit = new Promise<{ code: number | null; at: number }>((resolve) =>
    started.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
  const since = Date.now();
  while (!text.includes('is ready at')) {
    if (started.exitCode !== null) throw new Error(`the server exited: ${text}`);
    if (Date.now() - since > 60_000) throw new Error(`the server did not start: ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { process: started, output: () => text, exit };
}

async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  let closed = false;
  socket.on('data', (chunk) => {
    received += chunk;
  });
  socket.on('close', () => {
    closed = true;
  });
  return { socket, received: () => received, closed: () => closed };
}

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number) {
  const since = Date.now();
  while (!(await condition())) {
    if (Date.now() - since > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('SIGTERM on a running server', () => {
  it('drains, refuses new connections, completes the purchase in flight and exits 0', async () => {
    const port = 3430;
    const ctx = { database, env: { JWT_SECRET } } as unknown as TestContext;
    const owner = await givenUser(ctx);
    const buyer = await givenUser(ctx, { credits: 100 });
    const { price } = await givenPriceOf(ctx, owner.id, { price: 30 });
    const { authorization } = await headersFor(ctx, buyer.id);
    const server = await startServer(port, { SHUTDOWN_DRAIN_MS: '1500', SHUTDOWN_TIMEOUT_MS: '5000' });

    // A kept-alive connection with nothing in flight, and a purchase whose body has not all arrived.
    const idle = await connect(port);
    idle.socket.write('GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n');
    await waitFor(() => idle.received().includes('"status":"ok"'), 5000);
    const purchase = await connect(port);
    purchase.socket.write(
      `POST /api/shop/subscriptions?priceId=${price.id} HTTP/1.1\r\nHost: test\r\nAuthorization: ${authorization}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));

    const signalled = Date.now();
    server.process.kill('SIGTERM');
    await waitFor(() => server.output().includes('shutting down'), 2000);

    // Draining: unready for the balancer, still serving.
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'not_ready', database: 'up', reason: 'draining' });
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    // After the drain: no new connections; the idle one is closed; the process waits for the purchase.
    await waitFor(() => refused(port), 5000);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1400);
    await waitFor(() => idle.closed(), 2000);
    expect(server.process.exitCode).toBeNull();

    purchase.socket.write('}');
    await waitFor(() => purchase.closed(), 5000);
    const [head = '', body = ''] = purchase.received().split('\r\n\r\n');
    expect(head, body).toMatch(/^HTTP\/1\.1 201 Created/);
    expect(head).toMatch(/connection: close/i);
    const bought = JSON.parse(body) as { id: number };

    const { code, at } = await server.exit;
    expect(code).toBe(0);
    expect(at - signalled).toBeLessThan(1500 + 5000);
    expect(server.output()).toContain('"msg":"shut down"');
    // A clean shutdown: nothing logged as an error on the way (jobs, LISTEN client, pools closed in order).
    const afterSignal = server.output().slice(server.output().indexOf('shutting down'));
    const errors = afterSignal
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((record) => record.level >= 50);
    expect(errors).toEqual([]);

    // The purchase is in the database and in the books (the books are checked when the file closes).
    const rows = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, buyer.id));
    expect(rows.map((row) => row.id)).toEqual([bought.id]);
    expect((await balanceOf(ctx, buyer.id)).balance).toBe(70);
  }, 60_000);

  it('exits 1 at once on a second signal during the drain', async () => {
    const port = 3431;
    const server = await startServer(port, { SHUTDOWN_DRAIN_MS: '20000' });
    server.process.kill('SIGTERM');
    await waitFor(() => server.output().includes('shutting down'), 2000);
    const second = Date.now();
    server.process.kill('SIGINT');
    const { code, at } = await server.exit;
    expect(code).toBe(1);
    expect(at - second).toBeLessThan(1000);
    expect(server.output()).toContain('second signal during shutdown: exiting now');
  }, 60_000);
});
