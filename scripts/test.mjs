#!/usr/bin/env node
// The one test entry point (`npm test`): typecheck beside the web build and lint; then the
// engine-sensitive integration tests on PGlite and every integration test on PostgreSQL, beside them
// the PostgreSQL-only tests then the unit and web component tests, and the browser e2e tests beside
// them from the build on.
// Parts that need PostgreSQL or Chromium print a loud SKIPPED line when those are missing; with
// CI=true a skip, a failure or a flaky e2e test fails the run. The summary counts distinct tests
// (scripts/test-summary.mjs); docs/decisions/0003-test-pipeline.md.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { playwrightResults, summarize, vitestResults } from './test-summary.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, '.test-output');
const isCI = ['true', '1'].includes(String(process.env.CI).toLowerCase());
const localPostgresUrl = 'postgres://postgres@127.0.0.1:5432/test';
// Debian's old headless shell when installed (.ci/run installs it; decision 0059), else the browser.
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file)) ??
  '/usr/bin/chromium';
const started = Date.now();

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

/** Steps (checks and test runs) with their status; tests are counted separately. */
const steps = [];
const results = [];
const runsByEngine = {};

/** Runs a step whose output goes straight to the terminal; resolves to whether it passed. */
function run(name, command, args, env = {}) {
  console.log(`\n━━━ ${name} ━━━`);
  const stepStarted = Date.now();
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const ok = code === 0;
      steps.push({ name, status: ok ? 'passed' : 'FAILED', seconds: (Date.now() - stepStarted) / 1000 });
      resolve(ok);
    });
  });
}

/**
 * Starts a step beside the others; its output goes to a log file, printed once it ends, so steps
 * that run side by side do not interleave their lines (decisions 0003 and 0080).
 */
function runBeside(name, command, args, env = {}) {
  const stepStarted = Date.now();
  const logFile = path.join(outDir, `${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.log`);
  const log = openSync(logFile, 'w');
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', log, log],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      closeSync(log);
      const ok = code === 0;
      console.log(`\n━━━ ${name} (ran beside the other checks) ━━━`);
      process.stdout.write(readFileSync(logFile, 'utf8'));
      steps.push({ name, status: ok ? 'passed' : 'FAILED', seconds: (Date.now() - stepStarted) / 1000 });
      resolve(ok);
    });
  });
}

function skip(name, why) {
  const line = `SKIPPED: ${name} — ${why}`;
  console.log(`\n${'!'.repeat(line.length)}\n${line}\n${'!'.repeat(line.length)}`);
  steps.push({ name, status: isCI ? 'FAILED (skipped under CI=true)' : 'SKIPPED', seconds: 0 });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Which count a vitest file belongs to: web components, PostgreSQL-only, engine-free, per engine. */
function groupOf(file) {
  if (file.startsWith('apps/web/src/')) return 'web';
  if (file.endsWith('.postgres.test.ts')) return 'postgres-only';
  if (/\.unit\.test\.ts$|^packages\/contracts\/|^apps\/server\/src\/policy\/|^scripts\//.test(file))
    return 'unit';
  return 'integration';
}

/**
 * Runs vitest projects and collects their tests; a report that cannot be read fails the step.
 * `beside`: its output goes to a log printed when it ends (it runs beside another step's output).
 */
async function vitest(name, projects, reportName, env, { beside = false } = {}) {
  const reportFile = path.join(outDir, `${reportName}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`);
  const ok = await (beside ? runBeside : run)(name, 'npx', args, env);
  const report = readJson(reportFile);
  if (!report) {
    steps.push({ name: `${name}: read the report`, status: 'FAILED', seconds: 0 });
    return [];
  }
  const ran = vitestResults(report, root, groupOf);
  if (!ok && !ran.some((test) => test.outcome === 'failed')) {
    steps.push({ name: `${name}: vitest failed outside any test`, status: 'FAILED', seconds: 0 });
  }
  results.push(...ran);
  return ran;
}

const count = (tests, group) => tests.filter((test) => test.group === group).length;

function portAnswers(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1500 });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

const hasChromium = existsSync(chromiumPath);
const postgresUrl =
  process.env.DATABASE_URL || ((await portAnswers('127.0.0.1', 5432)) ? localPostgresUrl : '');

/**
 * The browser tests, beside everything after the web build (decision 0080): they need only the
 * build and PostgreSQL, and the vitest steps leave a core idle a third of their time (servers
 * starting, jobs and limits waiting) that the browser fills.
 */
async function browserTests() {
  if (!hasChromium || !postgresUrl) {
    skip(
      'browser e2e tests',
      hasChromium
        ? 'no PostgreSQL: their server keeps its data in a database of its own there. Start PostgreSQL or set DATABASE_URL.'
        : `no Chromium at ${chromiumPath}. Install it with: apt-get update && apt-get install -y chromium`,
    );
    return;
  }
  const reportFile = path.join(outDir, 'e2e.json');
  const ok = await runBeside(
    'browser e2e tests (Playwright + Chromium)',
    'npx',
    ['playwright', 'test', '--config', 'e2e/playwright.config.ts'],
    // The tests' server runs on a database of its own on that PostgreSQL (e2e/support/e2e-database.ts).
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile,
      CHROMIUM_PATH: chromiumPath,
      DATABASE_URL: '',
      E2E_POSTGRES_URL: postgresUrl,
    },
  );
  const report = readJson(reportFile);
  const ran = report ? playwrightResults(report) : [];
  results.push(...ran);
  if (!report || (!ok && !ran.some((test) => test.outcome === 'failed'))) {
    steps.push({
      name: 'browser e2e tests: failed outside any test (setup, server)',
      status: 'FAILED',
      seconds: 0,
    });
  }
}

/** The engine-sensitive integration files on PGlite, then every integration file on PostgreSQL. */
async function vitestSteps() {
  // Only the engine-sensitive integration files run on PGlite; all of them run on PostgreSQL below
  // (vitest.config.ts's ALSO_ON_PGLITE, decision 0075).
  const onPglite = await vitest(
    'integration tests on PGlite (the engine-sensitive files)',
    ['pglite'],
    'pglite',
    { DATABASE_URL: '' },
  );
  runsByEngine.pglite = count(onPglite, 'integration');
  if (!postgresUrl) {
    skip(
      'integration tests on PostgreSQL (and the PostgreSQL-only tests)',
      'no DATABASE_URL and nothing answers on 127.0.0.1:5432. Install and start PostgreSQL (apt-get install -y postgresql) or set DATABASE_URL.',
    );
    return;
  }
  const onPostgres = await vitest(
    'integration tests on PostgreSQL',
    ['integration'],
    'integration-postgres',
    {
      DATABASE_URL: postgresUrl,
    },
  );
  runsByEngine.postgres = count(onPostgres, 'integration');
}

/**
 * The PostgreSQL-only files, one at a time, beside the rest (decision 0080): most of their time is
 * child processes starting and waiting on each other, about half a core, which at the end of the run
 * was two minutes with a core idle.
 */
async function postgresOnlySteps() {
  if (!postgresUrl) return;
  const ran = await vitest(
    'PostgreSQL-only tests (several processes, row locks)',
    ['postgres'],
    'postgres-only',
    { DATABASE_URL: postgresUrl },
    { beside: true },
  );
  runsByEngine.postgresOnly = count(ran, 'postgres-only');
}

/**
 * The engine-free tests (unit, web components in jsdom), run after the PostgreSQL-only files in their
 * stream (decision 0083): that stream ended two minutes before the vitest chain, which these
 * lengthened by about half a minute.
 */
function engineFreeSteps() {
  return vitest(
    'unit and web tests (run once)',
    ['unit', 'web'],
    'unit-and-web',
    { DATABASE_URL: '' },
    { beside: true },
  );
}

// The tests that start server.ts in child processes start one bundle of it (half a second to build;
// without it they start the source through tsx, decision 0080).
const serverBundle = path.join(root, 'apps/server/.bundle/server.mjs');
const bundled = await runBeside('bundle the server for its child-process tests', 'node', [
  'scripts/build-server-bundle.mjs',
  serverBundle,
]);
if (bundled) process.env.EMBER_SERVER_BUNDLE = serverBundle;

// TypeScript 7's compiler (the `typescript7` alias; tools that read TypeScript's JS API keep 6.0)
// checks the workspaces in a tenth of 6.0's CPU (decision 0080). The web build, then lint, beside it;
// the browser tests start as soon as the build is there.
const built = hasChromium ? runBeside('build web app', 'npm', ['run', 'build']) : Promise.resolve(true);
const browser = built.then((ok) => (ok ? browserTests() : skip('browser e2e tests', 'the web build failed')));
await Promise.all([
  runBeside('typecheck (tsc -b, TypeScript 7)', 'node', ['node_modules/typescript7/bin/tsc', '-b']),
  built.then(() => runBeside('lint (biome, knip, depcruise)', 'npm', ['run', 'lint'])),
]);
await Promise.all([vitestSteps(), postgresOnlySteps().then(engineFreeSteps), browser]);

const summary = summarize({ results, runsByEngine });
console.log('\n━━━ summary ━━━');
for (const step of steps)
  console.log(`${step.status.padEnd(32)} ${step.name} (${step.seconds.toFixed(1)} s)`);
console.log('');
for (const line of summary.lines) console.log(line);
if (summary.flaky.length > 0) {
  console.log(
    isCI
      ? 'Flaky tests fail the run under CI=true: they failed first and passed on the retry.'
      : 'Flaky tests passed on a retry; under CI=true they fail the run.',
  );
}
console.log(`duration: ${((Date.now() - started) / 60_000).toFixed(1)} min`);

const stepFailed = steps.some((step) => step.status !== 'passed' && step.status !== 'SKIPPED');
const failed = stepFailed || summary.failed > 0 || (isCI && summary.flaky.length > 0);
process.exit(failed ? 1 : 0);
