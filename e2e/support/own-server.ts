import { type ChildProcess, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { nodeArgsToStart } from '../../apps/server/src/scripts/server-entry.ts';
import { e2eDatabaseUrl, e2eSeededTemplateUrl, recreateDatabase } from './e2e-database.ts';

// A server of a spec's own: a fresh PostgreSQL database of its own (ember_e2e_<port>, as the shared
// server's), a copy of the run's seeded template (fresh-database.ts, decision 0076), on a port of
// its own (E2E_PORT + the spec's offset), so the spec can change what other specs take for granted
// (rate limits) while they run beside it (decision 0017).

const ROOT = path.join(import.meta.dirname, '..', '..');

export interface OwnServerOptions {
  /** Added to E2E_PORT (3123 by default); every spec with a server of its own picks another one. */
  portOffset: number;
  /** A port given by the environment wins over the offset (e.g. E2E_LIMITS_PORT). */
  port?: number;
  /** Names the data directory: .test-output/e2e-<name>-data-<port>. */
  name: string;
  /** Variables of the parent environment the server must not inherit (e.g. raised limits). */
  omitEnv?: readonly string[];
  /** Extra variables for the server. */
  env?: Record<string, string>;
}

export interface OwnServer {
  readonly baseURL: string;
  /** Starts the server on a fresh copy of the seeded database and waits (up to 2 minutes) until it is ready. */
  start(): Promise<void>;
  /** Stops it: SIGTERM, and SIGKILL if it has not exited within 10 s; removes its data. */
  stop(): Promise<void>;
}

export function ownServer({ portOffset, port, name, omitEnv = [], env = {} }: OwnServerOptions): OwnServer {
  const serverPort = port ?? Number(process.env.E2E_PORT ?? 3123) + portOffset;
  const baseURL = `http://127.0.0.1:${serverPort}`;
  const dataDir = path.join(ROOT, '.test-output', `e2e-${name}-data-${serverPort}`);
  let server: ChildProcess | undefined;

  async function start() {
    await rm(dataDir, { recursive: true, force: true });
    await recreateDatabase(e2eDatabaseUrl(serverPort), e2eSeededTemplateUrl());
    const inherited = { ...process.env };
    for (const key of omitEnv) delete inherited[key];
    server = spawn(process.execPath, nodeArgsToStart(), {
      cwd: ROOT,
      env: {
        ...inherited,
        PORT: String(serverPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: e2eDatabaseUrl(serverPort),
        SEED_ON_EMPTY: 'true',
        // A reload aborts the files still streaming, which the server logs as errors: noise here.
        LOG_LEVEL: 'fatal',
        PUBLIC_URL: baseURL,
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (server.exitCode !== null) throw new Error(`the server on ${baseURL} exited (${server.exitCode})`);
      try {
        if ((await fetch(`${baseURL}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the server on ${baseURL} did not start`);
  }

  async function stop() {
    const child = server;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  }

  return { baseURL, start, stop };
}
