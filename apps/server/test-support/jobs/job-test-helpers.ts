import type { Db } from '@ember/db/types';
import { applicationJobs } from '../../src/modules/jobs/application-jobs.ts';
import type { JobLog } from '../../src/modules/jobs/job-queue.ts';
import { createSubscriptionServices } from '../../src/modules/subscriptions/subscription-services.ts';
import { createWalletService } from '../../src/modules/wallet/wallet.service.ts';

interface LogEntry {
  job?: string;
  id?: string;
  result?: unknown;
  [key: string]: unknown;
}

/** A job log that keeps what it is told, for assertions. */
export function recordingLog(): JobLog & { debugs: LogEntry[]; errors: LogEntry[] } {
  const debugs: LogEntry[] = [];
  const errors: LogEntry[] = [];
  return {
    debugs,
    errors,
    debug: (details) => debugs.push(details as LogEntry),
    error: (details) => errors.push(details as LogEntry),
  };
}

/** Polls until `probe` returns something (not undefined/false), or fails naming what it waited for. */
export async function waitUntil<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Waited ${timeoutMs} ms for: ${what}`);
}

const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * The PostgreSQL server for tests that run several processes on one database: DATABASE_URL, else
 * the local server (as `npm test` finds it). PGlite lives inside one process, so these tests use
 * the real server in the PGlite run too.
 */
export const postgresServerUrl = (): string => process.env.DATABASE_URL || LOCAL_POSTGRES_URL;

/** The application's jobs on `db`, wired as the app wires them (a developer share of 80%). */
export function applicationJobsOn(db: Db) {
  const wallet = createWalletService({ db });
  const { management } = createSubscriptionServices({
    db,
    clock: () => new Date(),
    wallet,
    developerSharePercent: 80,
  });
  return applicationJobs({ management, wallet });
}
