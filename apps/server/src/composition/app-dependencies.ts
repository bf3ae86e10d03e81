import type { Db } from '@ember/db/types';
import type { AppEnv } from '../config/jwt-secret.ts';
import type { LogFormat } from '../config/logging.ts';
import type { Readiness } from '../lib/graceful-shutdown.ts';
import type { FetchLike } from '../lib/safe-fetch.ts';
import type { ActiveSigningKeys } from '../modules/tuf/index.ts';

export interface AppDependencies {
  env: AppEnv;
  database: { db: Db; ping(): Promise<boolean> };
  /** Overrides where the built web app is read from (tests point it at a fixture). */
  webDistDir?: string;
  /** The web's page renderer; by default the one built next to the web app (apps/web/dist-server). */
  webRendererFile?: string;
  clock?: () => Date;
  /** How the log is written (config/logging.ts): JSON unless the entry point chose readable lines. */
  logFormat?: LogFormat;
  /** Outbound HTTP; defaults to fetch restricted to the configured integration hosts. */
  fetch?: FetchLike;
  /** Set by server.ts: draining on shutdown turns /readyz 503 and closes connections after each answer. */
  readiness?: Readiness;
  /** The developers' registered signing keys the TUF repository checks releases against. */
  activeSigningKeys?: ActiveSigningKeys;
}
