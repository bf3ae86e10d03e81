import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@ember/db/test-support/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type AppDependencies, buildApp } from '../src/app.ts';
import { parseEnv } from '../src/config/env.ts';
import { type AppEnv, withJwtSecret } from '../src/config/jwt-secret.ts';

const FIXTURE_DIST = fileURLToPath(new URL('./fixtures/web-dist', import.meta.url));

export interface TestContext {
  app: FastifyInstance;
  env: AppEnv;
  database: AppDependencies['database'] & { close(): Promise<void> };
  close(): Promise<void>;
}

/**
 * Integration tests send hundreds of requests from one address (127.0.0.1) within a minute: the
 * per-address limits are raised for them. The tests of the limits themselves set their own.
 */
const ROOMY_LIMITS = {
  RATE_LIMIT_PER_MINUTE: '100000',
  RATE_LIMIT_SIGN_IN_PER_MINUTE: '10000',
  RATE_LIMIT_SESSION_RESTORE_PER_MINUTE: '10000',
  RATE_LIMIT_SPENDING_PER_MINUTE: '10000',
  DISCOUNT_CODE_FAILURES_PER_HOUR: '10000',
  RATE_LIMIT_ORDERS_PER_MINUTE: '10000',
};

type TestAppExtras = Partial<
  Pick<AppDependencies, 'clock' | 'fetch' | 'webRendererFile' | 'webDistDir' | 'activeSigningKeys'>
>;

/** A fully wired app on a fresh migrated and seeded database (PGlite, or PostgreSQL when DATABASE_URL is set). */
export async function createTestApp(
  overrides: Record<string, string> = {},
  extra: TestAppExtras = {},
): Promise<TestContext> {
  return createTestAppOn(await createTestDatabase(), overrides, extra);
}

/**
 * A fully wired app on the given database, which it closes on close. Give it the database's own
 * `DATABASE_URL` in `overrides` to make it listen for the other processes' changes there, as a
 * deployed process does (test apps otherwise hear only themselves).
 */
export async function createTestAppOn(
  database: TestContext['database'],
  overrides: Record<string, string> = {},
  extra: TestAppExtras = {},
): Promise<TestContext> {
  // Every test app signs with its own random secret, as a fresh installation would.
  const env = await withJwtSecret(
    parseEnv({
      NODE_ENV: 'test',
      JWT_SECRET: randomBytes(32).toString('base64url'),
      ...ROOMY_LIMITS,
      // Tests change the catalog behind the app's back (factories); the cache has tests of its own.
      CATALOG_CACHE_SECONDS: '0',
      CATALOG_RANKING_SECONDS: '0',
      ...overrides,
    }),
  );
  const app = await buildApp({ env, database, webDistDir: FIXTURE_DIST, ...extra });
  return {
    app,
    env,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The test file's app: created in the file's beforeAll (on a fresh database, as `createTestApp`)
 * and closed in its afterAll, after `beforeClose` (a last check over what all its tests did). The
 * returned context is filled in when beforeAll runs, so the file's tests and helpers use it as they
 * would a context of their own.
 */
export function useTestApp(
  overrides: Record<string, string> = {},
  extra: TestAppExtras = {},
  { beforeClose }: { beforeClose?: (ctx: TestContext) => Promise<unknown> } = {},
): TestContext {
  const ctx = {} as TestContext;
  let started = false;
  beforeAll(async () => {
    Object.assign(ctx, await createTestApp(overrides, extra));
    started = true;
  });
  afterAll(async () => {
    if (!started) return;
    try {
      await beforeClose?.(ctx);
    } finally {
      await ctx.close();
    }
  });
  return ctx;
}
