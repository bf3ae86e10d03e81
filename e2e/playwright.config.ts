import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3123);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Run after all other specs, one test at a time (decision 0017). */
const SERIALIZED_SPECS = /commerce\.spec\.ts$/;
/** Runs after the serialized specs, alone (it spends and refunds customer's credits). */
const DEVELOPER_SPEC = /developer\.spec\.ts$/;
/**
 * Specs with a server of their own, each on its own port (e2e/support/own-server.ts): they share
 * nothing with the others, so they run beside the serialized tail, on the worker it leaves idle
 * (decision 0017). The production rate limits first (its timed page loads ran green beside the
 * commerce specs), then the admin journey that bans and transfers customer.
 */
const OWN_SERVER_SPECS = /sign-in-limits\.spec\.ts$/;
const ADMIN_JOURNEY_SPECS = /admin-users\.spec\.ts$/;

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
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../.test-output/e2e.json' }],
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    // One sign-in per demo account, stored in e2e/.auth for the tests (DESIGN conv. 8).
    { name: 'setup', testDir: './setup', testMatch: /\.setup\.ts$/ },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      dependencies: ['setup'],
      testIgnore: [SERIALIZED_SPECS, DEVELOPER_SPEC, OWN_SERVER_SPECS, ADMIN_JOURNEY_SPECS],
    },
    // Specs that change what other specs take for granted (customer becomes VIP, gains credits and
    // orders) run on their own, after every other spec (decision 0017).
    {
      name: 'commerce',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      // A file filter does not stop dependencies from running in full: to run only these specs,
      // set E2E_SERIALIZED_ONLY=1 (they then wait for the sign-ins only).
      dependencies: process.env.E2E_SERIALIZED_ONLY ? ['setup'] : ['chromium'],
      testMatch: SERIALIZED_SPECS,
    },
    // E2E_OWN_SERVER_ONLY=1 runs them at once, without the other specs first.
    {
      name: 'own-server',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      dependencies: process.env.E2E_OWN_SERVER_ONLY ? [] : ['chromium'],
      testMatch: OWN_SERVER_SPECS,
    },
    {
      name: 'own-server-admin',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      dependencies: process.env.E2E_OWN_SERVER_ONLY ? [] : ['own-server'],
      testMatch: ADMIN_JOURNEY_SPECS,
    },
    // The developer journey (issue 10) buys and refunds as `customer`, whose credits the specs above
    // count: it runs last, alone. E2E_DEVELOPER_ONLY=1 runs it right after the sign-ins.
    {
      name: 'developer',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      dependencies: process.env.E2E_DEVELOPER_ONLY ? ['setup'] : ['commerce'],
      testMatch: DEVELOPER_SPEC,
    },
  ],
  webServer: {
    // A fresh embedded database for every run, seeded with the demo data on first start.
    command: `rm -rf .test-output/e2e-data-${port} && node --import tsx apps/server/src/server.ts`,
    cwd: '..',
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: `.test-output/e2e-data-${port}`,
      DATABASE_URL: '',
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
