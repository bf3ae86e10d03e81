import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const SERVER_ENTRY = fileURLToPath(new URL('../../server.ts', import.meta.url));
/** High enough that the rate limits never answer 429 to the load generator (one client address). */
const NO_LIMIT = '100000000';

export interface BenchServer {
  origin: string;
  jwtSecret: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts `server.ts` as its own process, as `npm run serve` would, on the given database (PGlite
 * when `databaseUrl` is undefined), with the rate limits out of the way; resolves once /readyz answers.
 */
export async function startBenchServer(options: {
  port: number;
  databaseUrl?: string;
  dataDir?: string;
  extraEnv?: Record<string, string>;
  /** More node options, after tsx (e.g. `--expose-gc`, `--import` of bench-memory-probe.ts). */
  nodeArgs?: string[];
}): Promise<BenchServer> {
  const jwtSecret = randomBytes(32).toString('hex');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${options.port}`,
    LOG_LEVEL: 'warn',
    SERVICES: 'api',
    JWT_SECRET: jwtSecret,
    RATE_LIMIT_PER_MINUTE: NO_LIMIT,
    RATE_LIMIT_SPENDING_PER_MINUTE: NO_LIMIT,
    ...options.extraEnv,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  if (options.dataDir) env.DATA_DIR = options.dataDir;
  if (!options.databaseUrl) env.SERVICES = 'api,worker';
  const child = spawn(process.execPath, ['--import', 'tsx', ...(options.nodeArgs ?? []), SERVER_ENTRY], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${options.port}`;
  await waitUntilReady(origin, child);
  return {
    origin,
    jwtSecret,
    pid: child.pid ?? 0,
    // Requests still in flight when the load stops finish before the server is told to close.
    stop: async () => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await stopChild(child);
    },
  };
}

async function waitUntilReady(origin: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${origin}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not become ready within 3 minutes');
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
