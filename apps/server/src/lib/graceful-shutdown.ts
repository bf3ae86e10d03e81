import type { FastifyInstance } from 'fastify';

/**
 * Whether this process still wants traffic. `/readyz` answers 503 once it drains, and every answer
 * from then on carries `Connection: close`, so kept-alive connections (a balancer's upstream pool)
 * end after their current request instead of waiting to be cut.
 */
export interface Readiness {
  readonly draining: boolean;
  startDraining(): void;
}

export function createReadiness(): Readiness {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
  };
}

/** While draining, every answer asks the client to close its connection after it (see Readiness). */
export function closeConnectionsWhileDraining(app: FastifyInstance, readiness: Readiness): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (readiness.draining) reply.header('connection', 'close');
    return payload;
  });
}

export interface ShutdownLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The connections of the HTTP server (node:http Server), when this process listens. */
export interface HttpConnections {
  closeIdleConnections(): void;
  closeAllConnections(): void;
}

export interface GracefulShutdownOptions {
  readiness: Readiness;
  /** How long /readyz answers 503 before the listener closes (SHUTDOWN_DRAIN_MS); 0 on a process that does not listen. */
  drainMs: number;
  /** How long requests in flight may take once the listener is closed (SHUTDOWN_TIMEOUT_MS); then their connections are destroyed. */
  timeoutMs: number;
  /**
   * After the deadline, how long the rest of the close (jobs stopping, pools closing) may still take
   * before the process gives up and exits 1. Covers the job queue's stop: pg-boss waits up to 10 s for
   * a running job, then fails it so another worker retries it, and the queue waits for the job's
   * handler to return before the pools close (job-queue.ts).
   */
  afterDeadlineMs?: number;
  /** The HTTP server's connections; absent on a worker-only process. */
  connections?: HttpConnections;
  /**
   * Closes everything, in order: the app (listener and requests in flight first, then its onClose
   * hooks: jobs, Redis, LISTEN clients), then the database pools.
   */
  close(): Promise<void>;
  log: ShutdownLog;
  exit(code: number): void;
}

const IDLE_SWEEP_MS = 100;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The shutdown of one process (docs/architecture.md, "Shutdown"): on the first signal /readyz turns
 * unready, the balancer gets `drainMs` to notice, then the listener closes (new connections are
 * refused, idle ones closed, a request arriving on a busy one gets 503 with Connection: close from
 * Fastify), requests in flight finish within `timeoutMs` (then their connections are destroyed),
 * the app's onClose hooks and the pools close, and the process exits 0. A second signal exits at
 * once with 1.
 */
export function createGracefulShutdown(options: GracefulShutdownOptions) {
  const { readiness, drainMs, timeoutMs, connections, log, exit } = options;
  const afterDeadlineMs = options.afterDeadlineMs ?? 15_000;
  let started = false;

  return {
    get started() {
      return started;
    },

    async begin(signal: string): Promise<void> {
      if (started) {
        log.warn({ signal }, 'second signal during shutdown: exiting now');
        exit(1);
        return;
      }
      started = true;
      readiness.startDraining();
      log.info(
        { signal, drainMs, timeoutMs },
        drainMs > 0 ? 'shutting down: /readyz answers 503 while the balancer drains' : 'shutting down',
      );
      if (drainMs > 0) await sleep(drainMs);

      log.info(
        {},
        connections
          ? 'closing the listener; finishing the requests in flight'
          : 'stopping the jobs; closing the pools',
      );
      // A connection whose request finished without asking to close (it began before the drain) is
      // idle now: close it rather than wait for its keep-alive timeout.
      const sweep = connections
        ? setInterval(() => connections.closeIdleConnections(), IDLE_SWEEP_MS)
        : undefined;
      const deadline = setTimeout(() => {
        log.warn({ timeoutMs }, 'requests still in flight at SHUTDOWN_TIMEOUT_MS: closing their connections');
        connections?.closeAllConnections();
      }, timeoutMs);
      const giveUp = setTimeout(() => {
        log.error({ afterDeadlineMs }, 'shutdown did not finish in time: exiting');
        exit(1);
      }, timeoutMs + afterDeadlineMs);
      try {
        await options.close();
        log.info({}, 'shut down');
        exit(0);
      } catch (error) {
        log.error({ err: error }, 'shutdown failed');
        exit(1);
      } finally {
        clearInterval(sweep);
        clearTimeout(deadline);
        clearTimeout(giveUp);
      }
    },
  };
}

export type GracefulShutdown = ReturnType<typeof createGracefulShutdown>;

/** SIGTERM (process managers, rolling restarts) and SIGINT (Ctrl-C) start the shutdown; a second one ends it at once. */
export function shutDownOnSignals(
  shutdown: GracefulShutdown,
  target: Pick<NodeJS.Process, 'on'> = process,
  signals: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT'],
): void {
  for (const signal of signals) target.on(signal, () => void shutdown.begin(signal));
}
