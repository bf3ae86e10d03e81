import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ServiceRole } from './env.ts';
import type { LogFormat } from './logging.ts';

/** The database the process really opened (server.ts), not what the configuration suggests. */
export type OpenedDatabase =
  | { kind: 'embedded'; dataDir: string }
  | { kind: 'postgres'; url: string; name: string };

/** The levels at which an info record is written. */
const INFO_AND_BELOW = new Set(['info', 'debug', 'trace']);

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Where a folder is, as a person at `cwd` would type it: `./data` inside, the full path outside. */
function displayFolder(folder: string, cwd: string): string {
  const absolute = path.resolve(cwd, folder);
  const relative = path.relative(cwd, absolute);
  if (relative === '') return '.';
  if (relative.startsWith('..') || path.isAbsolute(relative)) return absolute;
  return `.${path.sep}${relative}`;
}

/** `embedded PGlite (./data)` or `PostgreSQL at 127.0.0.1:5432/ember`; never a user name or password. */
export function describeDatabase(database: OpenedDatabase, cwd = process.cwd()): string {
  if (database.kind === 'embedded') return `embedded PGlite (${displayFolder(database.dataDir, cwd)})`;
  const url = new URL(database.url);
  const socketFolder = url.searchParams.get('host');
  const port = url.port || '5432';
  if (!url.hostname && socketFolder)
    return `PostgreSQL at ${socketFolder} (socket, port ${port})/${database.name}`;
  return `PostgreSQL at ${url.hostname || 'localhost'}:${port}/${database.name}`;
}

export interface ReadyLineInput {
  brandName: string;
  services: readonly ServiceRole[];
  /** PUBLIC_URL: where people open the site. */
  publicUrl: string;
  /** The address the server listens on (Fastify's listen result); unset on a worker-only process. */
  listeningAt?: string;
  database: OpenedDatabase;
  cwd?: string;
}

/** True when both addresses are this machine on the same port (http://localhost:3000 and http://127.0.0.1:3000). */
function sameLocalAddress(a: string, b: string): boolean {
  const first = new URL(a);
  const second = new URL(b);
  if (first.origin === second.origin) return true;
  return (
    LOOPBACK_NAMES.has(first.hostname) &&
    LOOPBACK_NAMES.has(second.hostname) &&
    first.port === second.port &&
    first.protocol === second.protocol
  );
}

/**
 * The one line a person starting the server reads (issue 26, item 15):
 * `Ember is ready at http://localhost:3000 — database: embedded PGlite (./data)`.
 */
export function readyLine(input: ReadyLineInput): string {
  const database = `database: ${describeDatabase(input.database, input.cwd)}`;
  if (!input.services.includes('api')) {
    return `${input.brandName} worker is running (background jobs only, no HTTP port) — ${database}`;
  }
  const listening =
    input.listeningAt && !sameLocalAddress(input.publicUrl, input.listeningAt)
      ? ` (listening on ${input.listeningAt})`
      : '';
  const jobs = input.services.includes('worker') ? '' : ' — background jobs: left to the worker processes';
  return `${input.brandName} is ready at ${input.publicUrl}${listening} — ${database}${jobs}`;
}

/**
 * Prints the ready line once: a plain line of its own beside readable logs, a JSON record (`msg`)
 * beside JSON logs, so a log collector still reads one record a line. Quiet below LOG_LEVEL=info.
 */
export function announceReady(
  log: FastifyBaseLogger,
  format: LogFormat,
  line: string,
  write: (text: string) => void = (text) => process.stdout.write(text),
): void {
  if (!INFO_AND_BELOW.has(log.level)) return;
  if (format === 'pretty') write(`${line}\n`);
  else log.info(line);
}
