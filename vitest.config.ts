import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Three projects: fast unit tests (contracts, the server's policy table), web component tests, and
 * server integration tests that run against a migrated, seeded database (PGlite by default,
 * PostgreSQL when DATABASE_URL is set).
 */
export default defineConfig({
  test: {
    projects: [
      {
        extends: false,
        test: {
          name: 'unit',
          include: ['packages/contracts/src/**/*.test.ts', 'apps/server/src/policy/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        extends: false,
        test: {
          name: 'integration',
          include: ['apps/server/src/**/*.test.ts', 'packages/db/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'apps/server/src/policy/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
