import type { Db } from '@ember/db/types';
import type { FastifyBaseLogger } from 'fastify';
import type { AppEnv } from '../config/jwt-secret.ts';
import type { BlobStore } from '../integrations/blob-store/blob-store.ts';
import type { CacheRegistry } from '../lib/cache/cache-registry.ts';
import type { CounterStore } from '../lib/counter-store.ts';

/**
 * What every module builder may take (decision 0068): the process's configuration, database,
 * clock, log, caches, rate-limit counters and blob store. Anything another module offers is a port
 * app.ts hands over by name.
 */
export interface ModuleContext {
  env: AppEnv;
  db: Db;
  clock: () => Date;
  log: FastifyBaseLogger;
  caches: CacheRegistry;
  counters: CounterStore;
  blobs: BlobStore;
  /** Runs when the app closes, in the order the builders asked. */
  onClose(close: () => Promise<unknown> | unknown): void;
  /** A warning in the log, with its details as fields. */
  warn(message: string, details?: object): void;
}
