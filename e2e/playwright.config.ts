import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { e2eDatabaseUrl } from './support/e2e-database.ts';
import { scaled } from './support/timeouts.ts';

const port = Number(process.env.E2E_PORT ?? 3123);
/**
 * Debian's old headless shell when it is installed (`chromium-headless-shell`, the build Playwright
 * itself runs headless tests in): the same engine without the full browser's display compositor,
 * about a fifth less CPU per test than `chromium --headless` (decision 0059). The full browser otherwise.
 */
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/**
 * Specs with a server of their own, on its own port (e2e/support/own-server.ts): the production
 * rate limits, which count every request of the machine's one address, so they cannot share a
 * server with the other specs (decision 0017).
 */
const OWN_SERVER_SPECS = /sign-in-limits\.spec\.ts$/;

/** Chromium from Debian; the network here is closed, so everything that phones home is switched off. */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  outputDir: `../.test-output/e2e-results-${port}`,
  // Spec files run side by side on 2 workers, the tests of one file in order in one worker. Tests
  // do not depend on each other's order; a file that changes an account's data (credits,
  // subscriptions) is the only one that relies on that account's numbers.
  fullyParallel: false,
  workers: 2,
  // Under CI one retry tells a flaky test from a broken one; scripts/test.mjs names flaky tests and
  // fails the run on them. Locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  timeout: scaled(30_000),
  expect: { timeout: scaled(7_000) },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../.test-output/e2e.json' }],
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'on-first-retry',
    // Nothing moves unless a test asks for it: the landing page's looping video and the entrance
    // animations cost CPU on every page of every test (decoded and composited in software here), and
    // a page at rest is what the assertions and axe's colour checks read (decision 0059).
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  // No project waits for another beyond the demo accounts' sign-ins: a test that changes an
  // account makes a fresh one (e2e/support/accounts.ts, decision 0048), so the specs run in any order.
  projects: [
    // One sign-in per demo account, stored in e2e/.auth for the tests that only read them (DESIGN conv. 8).
    { name: 'setup', testDir: './setup', testMatch: /\.setup\.ts$/ },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      dependencies: ['setup'],
      testIgnore: OWN_SERVER_SPECS,
    },
    {
      name: 'own-server',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: OWN_SERVER_SPECS,
    },
  ],
  webServer: {
    // A fresh PostgreSQL database for every run, seeded with the demo data on first start.
    command: 'node --import tsx e2e/support/fresh-database.ts && node --import tsx apps/server/src/server.ts',
    cwd: '..',
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: `.test-output/e2e-data-${port}`,
      DATABASE_URL: e2eDatabaseUrl(port),
      SEED_ON_EMPTY: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // The purchase specs pay through the sandbox checkout (decision 0028: on only when asked).
      PAYMENTS_SANDBOX: 'true',
      // Every browser test signs in and loads pages from this one address; the limits have their own tests.
      RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '10000',
      RATE_LIMIT_SESSION_RESTORE_PER_MINUTE: '10000',
      RATE_LIMIT_SPENDING_PER_MINUTE: '10000',
      DISCOUNT_CODE_FAILURES_PER_HOUR: '10000',
      RATE_LIMIT_ORDERS_PER_MINUTE: '10000',
    },
  },
});
