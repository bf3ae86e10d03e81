import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import S3rver from 's3rver';
import { parseEnv } from '../../config/env.ts';
import { JWT_SECRET_FILE } from '../../config/jwt-secret.ts';
import { nodeArgsToStart } from '../server-entry.ts';
import { clientMaxBodyBytesFor, renderNginxConfig } from './nginx-config.ts';
import { checkPresignedSignatures } from './s3-signatures.ts';

/**
 * A local cluster on this machine (issue 22, ADR 0034): nginx in front of two API processes
 * (`SERVICES=api`), one worker (`SERVICES=worker`), on one PostgreSQL database, Redis when it
 * answers, and an S3-compatible store (s3rver in this process, or any S3 endpoint by config).
 * `npm run cluster` and the cluster tests both start it through `startCluster`.
 */

const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

export const DEFAULT_CLUSTER_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/ember_cluster';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
/** nginx, api1, api2, s3rver: the first ports of 3440-3479. */
export const DEFAULT_CLUSTER_PORTS = { nginx: 3440, api1: 3441, api2: 3442, s3: 3443 } as const;
/** The text a worker-only process prints once its jobs run (config/ready-line.ts). */
const WORKER_READY_TEXT = 'worker is running';

export type ProcessName = 'api1' | 'api2' | 'worker' | 'nginx';
export const API_PROCESSES = ['api1', 'api2'] as const;

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export interface ClusterOptions {
  /** Default DEFAULT_CLUSTER_DATABASE_URL; the database is created when missing. */
  databaseUrl?: string;
  /** undefined: DEFAULT_REDIS_URL when something answers there; null: no Redis (each process counts alone). */
  redisUrl?: string | null;
  redisKeyPrefix?: string;
  /** An S3 endpoint to use instead of starting s3rver (e.g. a managed one). */
  s3?: S3Settings;
  /**
   * Refuse presigned URLs whose SigV4 signature does not match, and unsigned requests, as S3 does
   * (s3rver checks neither: s3-signatures.ts). Default true; only for the local s3rver.
   */
  checkS3Signatures?: boolean;
  ports?: Partial<Record<'nginx' | 'api1' | 'api2' | 's3', number>>;
  /** Folder for nginx's config, logs and temp files, the shared DATA_DIR and s3rver's files; default a fresh temp folder, removed by stop(). */
  runDir?: string;
  /** Fill an empty database with the demo data (the first process does it). Default true. */
  seed?: boolean;
  /** More environment for every Ember process (over the cluster's own). */
  env?: Record<string, string>;
  /** Every line a process writes, by name (`nginx` gets nginx's error log lines on its standard error). */
  onLog?: (name: ProcessName, line: string) => void;
  /** The nginx binary; default /usr/sbin/nginx, else `nginx` on PATH. */
  nginxBinary?: string;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ProcessHandle {
  name: ProcessName;
  /** The port it listens on (none for the worker). */
  port?: number;
  /** Its process id while it runs. */
  pid(): number | undefined;
  running(): boolean;
  /** The last lines it wrote (standard output and error). */
  output(): string;
}

export interface Cluster {
  /** Where clients go: nginx. */
  url: string;
  /** Each API process directly, bypassing nginx. */
  apiUrls: Record<(typeof API_PROCESSES)[number], string>;
  databaseUrl: string;
  redisUrl: string | null;
  s3: S3Settings & { local: boolean };
  jwtSecret: string;
  runDir: string;
  /** nginx's access log: one line per request, naming the API process that answered (`upstream=`). */
  accessLogFile: string;
  processes: Record<ProcessName, ProcessHandle>;
  /**
   * An API process is first taken out of nginx's rotation (config reload), then SIGTERM, wait for
   * the exit, start it again, wait until it is ready, and back into rotation. Resolves with how it exited.
   */
  restart(name: ProcessName): Promise<ExitInfo>;
  /** Sends a signal (default SIGKILL) and waits for the exit. */
  kill(name: ProcessName, signal?: NodeJS.Signals): Promise<ExitInfo>;
  /** Starts a stopped process again and waits until it is ready. */
  start(name: ProcessName): Promise<void>;
  /** Stops everything: nginx first, then the Ember processes (SIGTERM), then s3rver. */
  stop(): Promise<void>;
}

interface Managed extends ProcessHandle {
  child?: ChildProcess;
  exited?: Promise<ExitInfo>;
  launch(): Promise<void>;
}

const MAX_KEPT_OUTPUT = 64 * 1024;

/** How long a reload of nginx is given before the process it took out of rotation is stopped. */
const NGINX_RELOAD_MS = 1500;

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const ports = { ...DEFAULT_CLUSTER_PORTS, ...options.ports };
  const nginxBinary = options.nginxBinary ?? findNginx();
  const ownRunDir = options.runDir === undefined;
  const runDir = path.resolve(options.runDir ?? mkdtempSync(path.join(tmpdir(), 'ember-cluster-')));
  // nginx's workers drop root for `nobody` when started as root: they must reach the run folder.
  for (const dir of [
    runDir,
    path.join(runDir, 'logs'),
    path.join(runDir, 'temp'),
    path.join(runDir, 'data'),
  ]) {
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o755);
  }
  const dataDir = path.join(runDir, 'data');
  const url = `http://127.0.0.1:${ports.nginx}`;
  const apiUrls = { api1: `http://127.0.0.1:${ports.api1}`, api2: `http://127.0.0.1:${ports.api2}` };

  const databaseUrl = options.databaseUrl ?? DEFAULT_CLUSTER_DATABASE_URL;
  await ensureDatabase(databaseUrl);
  const redisUrl =
    options.redisUrl === null
      ? null
      : (options.redisUrl ?? ((await answers(DEFAULT_REDIS_URL)) ? DEFAULT_REDIS_URL : null));
  const jwtSecret = sharedJwtSecret(dataDir);

  const cleanups: (() => Promise<void> | void)[] = [];
  let s3: Cluster['s3'];
  if (options.s3) {
    s3 = { ...options.s3, local: false };
  } else {
    const bucket = 'ember-cluster';
    const server = new S3rver({
      address: '127.0.0.1',
      port: ports.s3,
      silent: true,
      directory: path.join(runDir, 's3'),
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    if (options.checkS3Signatures ?? true) {
      checkPresignedSignatures(server, {
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      });
    }
    await server.run();
    cleanups.push(() => server.close());
    s3 = {
      endpoint: `http://127.0.0.1:${ports.s3}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      local: true,
    };
  }

  // What every Ember process shares; the role and port come on top.
  const common: Record<string, string> = {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATABASE_URL: databaseUrl,
    SEED_ON_EMPTY: 'false',
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    // Only nginx, on this machine, may name the client (X-Forwarded-For): rate limits count the client.
    TRUST_PROXY: '127.0.0.1',
    BLOB_STORE: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: String(s3.forcePathStyle),
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    ...(options.redisKeyPrefix ? { REDIS_KEY_PREFIX: options.redisKeyPrefix } : {}),
    ...options.env,
  };
  // Checked once here, so a bad value is named before anything starts; nginx takes its body limit from it.
  const parsed = parseEnv({ ...process.env, ...common, SERVICES: 'api', PORT: String(ports.api1) });

  const log = options.onLog ?? (() => {});
  const managed = {} as Record<ProcessName, Managed>;
  const emberProcess = (name: ProcessName, env: Record<string, string>, port?: number): Managed => {
    const handle: Managed = {
      name,
      port,
      pid: () => handle.child?.pid,
      running: () => isRunning(handle.child),
      output: () => kept.get(name) ?? '',
      async launch() {
        const child = spawn(process.execPath, nodeArgsToStart(), {
          cwd: REPO_ROOT,
          env: { ...process.env, ...common, ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
          // Its own process group: a Ctrl-C on the terminal reaches the command only, which stops
          // the processes in order (nginx first) with one signal each.
          detached: true,
        });
        attach(handle, child);
        if (port !== undefined) await waitFor(handle, () => isReady(`http://127.0.0.1:${port}/readyz`));
        else await waitFor(handle, async () => handle.output().includes(WORKER_READY_TEXT));
      },
    };
    return handle;
  };

  const kept = new Map<ProcessName, string>();
  const attach = (handle: Managed, child: ChildProcess) => {
    handle.child = child;
    kept.set(handle.name, '');
    handle.exited = once(child, 'exit').then(([code, signal]) => ({
      code: code as number | null,
      signal: signal as NodeJS.Signals | null,
    }));
    let partial = '';
    const onData = (chunk: Buffer) => {
      const text = partial + chunk.toString('utf8');
      const lines = text.split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        const sofar = `${kept.get(handle.name) ?? ''}${line}\n`;
        kept.set(handle.name, sofar.length > MAX_KEPT_OUTPUT ? sofar.slice(-MAX_KEPT_OUTPUT) : sofar);
        log(handle.name, line);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
  };

  const apiEnv = (name: 'api1' | 'api2') => ({ SERVICES: 'api', PORT: String(ports[name]) });
  managed.api1 = emberProcess('api1', apiEnv('api1'), ports.api1);
  managed.api2 = emberProcess('api2', apiEnv('api2'), ports.api2);
  // The worker prints its ready line at info; a quieter cluster still needs to see it.
  const workerLevel = ['warn', 'error', 'fatal', 'silent'].includes(common.LOG_LEVEL ?? '')
    ? 'info'
    : undefined;
  managed.worker = emberProcess('worker', {
    SERVICES: 'worker',
    ...(workerLevel ? { LOG_LEVEL: workerLevel } : {}),
  });

  const nginxConf = path.join(runDir, 'nginx.conf');
  const upstreamOf = (name: ProcessName) => `127.0.0.1:${ports[name as (typeof API_PROCESSES)[number]]}`;
  const writeNginxConfig = (down: ProcessName[]) =>
    writeFileSync(
      nginxConf,
      renderNginxConfig({
        listen: `127.0.0.1:${ports.nginx}`,
        upstreams: API_PROCESSES.map((name) => upstreamOf(name)),
        down: down.map(upstreamOf),
        runDir,
        clientMaxBodyBytes: clientMaxBodyBytesFor(parsed),
      }),
    );
  /**
   * Rewrites nginx's config and reloads it (SIGHUP): new workers take the new upstream list, the
   * old ones finish the requests they hold. open-source nginx has no active health checks, so a
   * process is taken out of rotation this way before it is stopped, as a deployment deregisters
   * it from its balancer: closing a listener resets connections that were accepted by the kernel
   * but not yet by Node, and nginx cannot move a POST it has already sent.
   */
  const setRotation = async (down: ProcessName[]) => {
    writeNginxConfig(down);
    if (!isRunning(managed.nginx.child)) return;
    managed.nginx.child.kill('SIGHUP');
    await new Promise((resolve) => setTimeout(resolve, NGINX_RELOAD_MS));
  };
  writeNginxConfig([]);
  managed.nginx = {
    name: 'nginx',
    port: ports.nginx,
    pid: () => managed.nginx.child?.pid,
    running: () => isRunning(managed.nginx.child),
    output: () => kept.get('nginx') ?? '',
    async launch() {
      const child = spawn(nginxBinary, ['-p', `${runDir}/`, '-c', nginxConf, '-g', 'daemon off;'], {
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      attach(managed.nginx, child);
      await waitFor(managed.nginx, () => isReady(`${url}/healthz`));
    },
  };

  const stopOne = async (name: ProcessName, signal: NodeJS.Signals, graceMs = 30_000): Promise<ExitInfo> => {
    const handle = managed[name];
    const child = handle.child;
    if (!child || !handle.exited) return { code: null, signal: null };
    if (!isRunning(child)) return handle.exited;
    child.kill(signal);
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
    try {
      return await handle.exited;
    } finally {
      clearTimeout(force);
    }
  };

  // A test or a command that dies leaves no process behind.
  const killAll = () => {
    for (const handle of Object.values(managed)) if (isRunning(handle.child)) handle.child?.kill('SIGKILL');
  };
  process.once('exit', killAll);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await stopOne('nginx', 'SIGQUIT', 10_000);
    await Promise.all(
      ['api1', 'api2', 'worker'].map((name) => stopOne(name as ProcessName, 'SIGTERM', 15_000)),
    );
    process.removeListener('exit', killAll);
    for (const cleanup of cleanups) await cleanup();
    if (ownRunDir) rmSync(runDir, { recursive: true, force: true });
  };

  try {
    // One process first: it migrates (and seeds an empty database); the others start on a migrated one.
    common.SEED_ON_EMPTY = String(options.seed ?? true);
    await managed.api1.launch();
    common.SEED_ON_EMPTY = 'false';
    await Promise.all([managed.api2.launch(), managed.worker.launch()]);
    await managed.nginx.launch();
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url,
    apiUrls,
    databaseUrl,
    redisUrl,
    s3,
    jwtSecret,
    runDir,
    accessLogFile: path.join(runDir, 'logs', 'access.log'),
    processes: managed,
    async restart(name) {
      if (name === 'nginx') {
        const exit = await stopOne(name, 'SIGQUIT');
        await managed.nginx.launch();
        return exit;
      }
      const balanced = (API_PROCESSES as readonly string[]).includes(name);
      if (balanced) await setRotation([name]);
      const exit = await stopOne(name, 'SIGTERM');
      await managed[name].launch();
      if (balanced) await setRotation([]);
      return exit;
    },
    kill: (name, signal = 'SIGKILL') => stopOne(name, signal),
    async start(name) {
      if (managed[name].running()) throw new Error(`${name} is already running`);
      await managed[name].launch();
    },
    stop,
  };
}

function isRunning(child: ChildProcess | undefined): child is ChildProcess {
  return child !== undefined && child.exitCode === null && child.signalCode === null;
}

/** Polls `ready` until it holds; fails when the process exits first or after 3 minutes. */
async function waitFor(handle: Managed, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (!handle.running()) {
      const exit = await handle.exited;
      throw new Error(
        `${handle.name} exited while starting (${exit?.signal ?? exit?.code}):\n${handle.output().slice(-4000)}`,
      );
    }
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${handle.name} was not ready within 3 minutes:\n${handle.output().slice(-4000)}`);
}

async function isReady(address: string): Promise<boolean> {
  try {
    const response = await fetch(address, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

function findNginx(): string {
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'nginx'))) return path.join(dir, 'nginx');
  }
  throw new Error(
    "nginx is not installed: the cluster's load balancer is Debian's nginx (apt-get install -y nginx)",
  );
}

/** Creates the database when the server has none of that name (migrations are the first process's job). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!name) throw new Error(`${databaseUrl} names no database`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await admin.end();
  }
}

/** True when a TCP connection to the URL's host and port opens within a second. */
function answers(address: string): Promise<boolean> {
  const { hostname, port } = new URL(address);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port), timeout: 1000 });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The product-JWT secret every process signs with, kept in the shared DATA_DIR as a single server keeps it. */
function sharedJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, JWT_SECRET_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  const fresh = randomBytes(32).toString('base64url');
  writeFileSync(file, `${fresh}\n`, { mode: 0o600 });
  return fresh;
}
