import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { healthRoutes } from '../modules/health/health.routes.ts';
import {
  closeConnectionsWhileDraining,
  createGracefulShutdown,
  createReadiness,
  type Readiness,
  type ShutdownLog,
  shutDownOnSignals,
} from './graceful-shutdown.ts';

// The shutdown sequence against a real listening Fastify (the settings app.ts uses): the whole
// process, spawned and signalled, is graceful-shutdown.postgres.test.ts. Ports 3420-3429.

const BODY = '{"hello":"world"}';

let app: FastifyInstance | undefined;
/** Requests whose headers the listening app has read (its onRequest hook). */
let requestsStarted = 0;

afterEach(async () => {
  await app?.close().catch(() => {});
  app = undefined;
});

async function listening(port: number, readiness: Readiness, closed: string[]) {
  const instance = Fastify({ forceCloseConnections: 'idle', return503OnClosing: true });
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(serializerCompiler);
  closeConnectionsWhileDraining(instance, readiness);
  await instance.register(healthRoutes, { pingDatabase: async () => true, readiness });
  instance.post('/echo', async (request) => ({ got: request.body }));
  instance.addHook('onRequest', async () => {
    requestsStarted += 1;
  });
  instance.addHook('onClose', async () => {
    closed.push('app hooks');
  });
  await instance.listen({ host: '127.0.0.1', port });
  app = instance;
  return instance;
}

const waitFor = async (condition: () => boolean | Promise<boolean>, timeoutMs = 5000) => {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** A raw HTTP/1.1 connection: what it received so far, and whether it was closed. */
async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = '';
  let closed = false;
  socket.on('data', (chunk) => {
    received += chunk;
  });
  socket.on('close', () => {
    closed = true;
  });
  return {
    socket,
    received: () => received,
    closed: () => closed,
    /**
     * Headers and the first part of a POST /echo body: the request is in flight until the rest comes.
     * Resolves once the app has read the headers: a fixed 50 ms wait let a loaded machine begin the
     * shutdown first, with the connection still idle (so it was closed at once).
     */
    async startPost() {
      const before = requestsStarted;
      socket.write(
        `POST /echo HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: ${BODY.length}\r\n\r\n${BODY.slice(0, 5)}`,
      );
      await waitFor(() => requestsStarted > before);
    },
    finishPost(then = '') {
      socket.write(BODY.slice(5) + then);
    },
  };
}

async function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

function recordingLog(): ShutdownLog & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (_details, message) => lines.push(message),
    warn: (_details, message) => lines.push(message),
    error: (_details, message) => lines.push(message),
  };
}

describe('graceful shutdown', () => {
  it('drains (readyz 503), closes the listener, finishes the request in flight, closes its connection, exits 0', async () => {
    const port = 3420;
    const readiness = createReadiness();
    const steps: string[] = [];
    const server = await listening(port, readiness, steps);
    const exits: number[] = [];
    const shutdown = createGracefulShutdown({
      readiness,
      // Long enough for the readiness check below to connect on a busy machine (at 300 ms a run of the
      // whole suite side by side found the listener already closed).
      drainMs: 2000,
      timeoutMs: 5000,
      connections: server.server,
      close: async () => {
        await server.close();
        steps.push('pools');
      },
      log: recordingLog(),
      exit: (code) => exits.push(code),
    });

    const inFlight = await connect(port);
    await inFlight.startPost();
    const done = shutdown.begin('SIGTERM');

    // Draining: still listening, but unready, and every answer closes its connection.
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'not_ready', database: 'up', reason: 'draining' });
    expect(ready.headers.get('connection')).toBe('close');

    // After the drain the listener is closed: new connections are refused.
    await waitFor(() => refused(port));
    expect(exits).toEqual([]);

    // The request in flight completes, asking to close its connection: a request pipelined behind
    // it is not processed (the client sends it again elsewhere).
    inFlight.finishPost('POST /echo HTTP/1.1\r\nHost: test\r\nContent-Length: 2\r\n\r\n{}');
    await done;
    await waitFor(() => inFlight.closed());
    expect(inFlight.received()).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(inFlight.received()).toMatch(/connection: close/i);
    expect(inFlight.received()).toContain(JSON.stringify({ got: { hello: 'world' } }));
    expect(inFlight.received().match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(steps).toEqual(['app hooks', 'pools']);
    expect(exits).toEqual([0]);
  });

  it('does not wait for the keep-alive timeout of a connection whose request began before the drain', async () => {
    const port = 3421;
    const readiness = createReadiness();
    const server = await listening(port, readiness, []);
    const exits: number[] = [];
    const shutdown = createGracefulShutdown({
      readiness,
      drainMs: 0,
      timeoutMs: 10_000,
      connections: server.server,
      close: () => server.close(),
      log: recordingLog(),
      exit: (code) => exits.push(code),
    });
    const connection = await connect(port);
    await connection.startPost();
    const started = Date.now();
    const done = shutdown.begin('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));
    connection.finishPost();
    await done;
    await waitFor(() => connection.closed());
    expect(connection.received()).toMatch(/^HTTP\/1\.1 200 OK/);
    // Well under the 10 s deadline and the 72 s keep-alive, with room for a loaded machine's stalls.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(exits).toEqual([0]);
  });

  it('cuts the connections still busy at the deadline, and still exits 0', async () => {
    const port = 3422;
    const readiness = createReadiness();
    const server = await listening(port, readiness, []);
    const exits: number[] = [];
    const log = recordingLog();
    const shutdown = createGracefulShutdown({
      readiness,
      drainMs: 0,
      timeoutMs: 300,
      connections: server.server,
      close: () => server.close(),
      log,
      exit: (code) => exits.push(code),
    });
    const stuck = await connect(port);
    await stuck.startPost();
    const started = Date.now();
    await shutdown.begin('SIGTERM');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(5000);
    await waitFor(() => stuck.closed());
    expect(stuck.received()).toBe('');
    expect(log.lines).toContain('requests still in flight at SHUTDOWN_TIMEOUT_MS: closing their connections');
    expect(exits).toEqual([0]);
  });

  it('exits 1 at once on a second signal, and 1 when closing fails or hangs', async () => {
    const signals = new Map<string, () => void>();
    const exits: number[] = [];
    let finishClose: () => void = () => {};
    const shutdown = createGracefulShutdown({
      readiness: createReadiness(),
      drainMs: 0,
      timeoutMs: 10_000,
      close: () =>
        new Promise<void>((resolve) => {
          finishClose = resolve;
        }),
      log: recordingLog(),
      exit: (code) => exits.push(code),
    });
    shutDownOnSignals(shutdown, {
      on: ((signal: string, listener: () => void) => signals.set(signal, listener)) as never,
    });
    expect([...signals.keys()].sort()).toEqual(['SIGINT', 'SIGTERM']);
    signals.get('SIGTERM')?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(exits).toEqual([]);
    signals.get('SIGINT')?.();
    expect(exits).toEqual([1]);
    finishClose();

    const failing: number[] = [];
    await createGracefulShutdown({
      readiness: createReadiness(),
      drainMs: 0,
      timeoutMs: 100,
      close: async () => {
        throw new Error('pool already closed');
      },
      log: recordingLog(),
      exit: (code) => failing.push(code),
    }).begin('SIGTERM');
    expect(failing).toEqual([1]);

    const hanging: number[] = [];
    void createGracefulShutdown({
      readiness: createReadiness(),
      drainMs: 0,
      timeoutMs: 100,
      afterDeadlineMs: 100,
      close: () => new Promise(() => {}),
      log: recordingLog(),
      exit: (code) => hanging.push(code),
    }).begin('SIGTERM');
    await waitFor(() => hanging.length > 0, 2000);
    expect(hanging).toEqual([1]);
  });
});
