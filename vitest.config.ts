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
 * The integration files that also run on PGlite in `npm test` (decision 0075): the SQL layer itself
 * (client, migrations, constraints, seed), the embedded default's app, and the code that takes
 * another path on PGlite (pg-boss's statements through `exec`, PGlite's own listener for the cache
 * and the client-standing feed, the CSV cursor, pg_trgm and the aggregate dates of the plan search,
 * the session-log partitions) or relies on its one connection for money in a transaction; and the
 * files whose issue asks for both engines by name (issue 32: the TUF repository, signed releases;
 * issue 35: plugin pages, reviews, notifications). Every integration file runs on PostgreSQL.
 */
const ALSO_ON_PGLITE = [
  'packages/db/src/**/*.test.ts',
  'apps/server/src/app.test.ts',
  'apps/server/src/modules/jobs/*.test.ts',
  'apps/server/src/modules/catalog/catalog-cache.test.ts',
  'apps/server/src/modules/catalog/plan-search-index.test.ts',
  'apps/server/src/modules/catalog/plan-search-indexes.test.ts',
  'apps/server/src/modules/client-api/client-standing-notifications.test.ts',
  'apps/server/src/modules/payouts/exports.test.ts',
  'apps/server/src/modules/sessions/session-log-partitions.test.ts',
  'apps/server/src/modules/subscriptions/purchase.test.ts',
  'apps/server/src/modules/wallet/ledger-posting.test.ts',
  'apps/server/src/modules/wallet/transfer-credits.test.ts',
  'apps/server/src/modules/tuf/*.test.ts',
  'apps/server/src/modules/delivery/signed-release.test.ts',
  'apps/server/src/modules/delivery/plugin-showcase.test.ts',
  'apps/server/src/modules/reviews/*.test.ts',
  'apps/server/src/modules/notifications/*.test.ts',
];

/** A project of server and database tests on a migrated, seeded database (decision 0048). */
function integrationProject(name: string, include: string[]) {
  return {
    extends: false as const,
    test: {
      name,
      include,
      // The run's migrated and seeded database, that each file copies (decision 0048).
      globalSetup: ['packages/db/test-support/vitest-global-setup.ts'],
      exclude: [...configDefaults.exclude, ...ONCE, ...POSTGRES_ONLY],
      environment: 'node' as const,
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
  };
}

/**
 * Five projects (docs/decisions/0003-test-pipeline.md):
 * - unit: contracts, the policy table, the npm scripts and every `*.unit.test.ts`; no database engine.
 * - web: web components in jsdom.
 * - integration: server and database tests against a migrated, seeded database; `npm test` runs them
 *   on PostgreSQL (DATABASE_URL), and the engine-sensitive ones again on PGlite as the `pglite`
 *   project (decision 0075). Without DATABASE_URL, `--project integration` runs all of them on PGlite.
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
      integrationProject('integration', SERVER_AND_DB_TESTS),
      // `npm test`'s PGlite run (DATABASE_URL empty): the engine-sensitive files only (decision 0075).
      integrationProject('pglite', ALSO_ON_PGLITE),
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
          // Its own group when run with the integration files: one file at a time needs another
          // worker count, which vitest runs as a group of its own. `npm test` runs it in a vitest
          // of its own, beside the others (decision 0080).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
