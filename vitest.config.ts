import { configDefaults, defineConfig } from 'vitest/config';

/** The local PostgreSQL of these machines (docs/decisions/0003-test-pipeline.md). */
const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** Tests that do not depend on the database engine: they run once, in the `unit` project. */
const ONCE = [
  'packages/contracts/src/**/*.test.ts',
  'apps/server/src/policy/**/*.test.ts',
  '**/*.unit.test.ts',
];
/** Tests that only mean something on PostgreSQL (row locks, several processes on one database). */
const POSTGRES_ONLY = ['**/*.postgres.test.ts'];
const SERVER_AND_DB_TESTS = ['apps/server/src/**/*.test.ts', 'packages/db/src/**/*.test.ts'];

/**
 * Four projects (docs/decisions/0003-test-pipeline.md):
 * - unit: contracts, the policy table, the npm scripts and every `*.unit.test.ts`; no database engine.
 * - web: web components in jsdom.
 * - integration: server and database tests against a migrated, seeded database; `npm test` runs them
 *   twice, on PGlite and on PostgreSQL (DATABASE_URL).
 * - postgres: `*.postgres.test.ts`, tests that cannot fail on PGlite (one connection, one process):
 *   always on PostgreSQL, once.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: a single worker on these 2-core machines.
    // Two workers take the unit + web step from 85 s to 57 s and the PostgreSQL run from 145 s to
    // 115 s (PGlite files still run one at a time, see below).
    maxWorkers: 2,
    projects: [
      {
        extends: false,
        test: {
          name: 'unit',
          include: [...ONCE, 'scripts/**/*.test.mjs'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // One jsdom and one module graph per worker instead of per file: setting up jsdom was most
          // of the project's time (24 files: 51 s of CPU isolated, 13 s shared). setup.ts resets
          // what the files share (config, viewport, cookies, the DOM) before each test (decision 0048).
          isolate: false,
          // A page's first render loads its lazy route chunk through Vite's transform: over a second
          // on a busy 2-core machine, so the waits get a budget that fits (setup.ts) and so do tests.
          testTimeout: 15_000,
        },
      },
      {
        extends: false,
        test: {
          name: 'integration',
          include: SERVER_AND_DB_TESTS,
          // The run's migrated and seeded database, that each file copies (decision 0048).
          globalSetup: ['packages/db/test-support/vitest-global-setup.ts'],
          exclude: [...configDefaults.exclude, ...ONCE, ...POSTGRES_ONLY],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files side by side on both engines. On PostgreSQL every file has its own database;
          // on PGlite each file has its own in-memory instance, and most of a file's time is loading
          // the server's modules and the migrated snapshot, which two workers share the 2 cores for:
          // the PGlite run went from 165 s to 132 s (issue 11, CI near its 12-minute budget).
          fileParallelism: true,
          // One module graph per worker, not per file: loading the server's modules was most of a
          // file's time (import 129 s of 254 s for 12 files; 25 s of 130 s without isolation). The
          // files share no module state: every file builds its own app and database, and none mocks
          // modules or timers (decision 0048).
          isolate: false,
        },
      },
      {
        extends: false,
        test: {
          name: 'postgres',
          include: POSTGRES_ONLY,
          environment: 'node',
          env: { DATABASE_URL: process.env.DATABASE_URL || LOCAL_POSTGRES_URL },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          isolate: false,
          // Its own group, after the integration files: one file at a time needs another worker
          // count, which vitest runs as a group of its own.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
