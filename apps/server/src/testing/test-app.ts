import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@ember/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { type AppDependencies, buildApp } from '../app.ts';
import { type Env, parseEnv } from '../config/env.ts';

const FIXTURE_DIST = fileURLToPath(new URL('./fixtures/web-dist', import.meta.url));

export interface TestContext {
  app: FastifyInstance;
  env: Env;
  database: AppDependencies['database'];
  close(): Promise<void>;
}

/** A fully wired app on a fresh migrated and seeded database (PGlite, or PostgreSQL when DATABASE_URL is set). */
export async function createTestApp(
  overrides: Record<string, string> = {},
  extra: Partial<Pick<AppDependencies, 'clock' | 'fetch'>> = {},
): Promise<TestContext> {
  const env = parseEnv({ NODE_ENV: 'test', ...overrides });
  const database = await createTestDatabase();
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
