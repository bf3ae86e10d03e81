#!/usr/bin/env node
// The one test entry point (`npm test`): lint, typecheck, unit, integration on PGlite, integration on
// PostgreSQL, browser e2e. Parts that need PostgreSQL or Chromium print a loud SKIPPED line when those
// are missing; with CI=true a skip fails the run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, '.test-output');
const isCI = ['true', '1'].includes(String(process.env.CI).toLowerCase());
const localPostgresUrl = 'postgres://postgres@127.0.0.1:5432/test';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const results = [];
const totals = { passed: 0, failed: 0 };

function run(name, command, args, { env = {}, counts } = {}) {
  console.log(`\n━━━ ${name} ━━━`);
  const started = Date.now();
  const child = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = child.status === 0;
  const tally = counts?.() ?? { passed: ok ? 1 : 0, failed: ok ? 0 : 1 };
  if (!ok && tally.failed === 0) tally.failed = 1;
  totals.passed += tally.passed;
  totals.failed += tally.failed;
  results.push({ name, status: ok ? 'passed' : 'FAILED', seconds: (Date.now() - started) / 1000 });
  return ok;
}

function skip(name, why) {
  const line = `SKIPPED: ${name} — ${why}`;
  console.log(`\n${'!'.repeat(line.length)}\n${line}\n${'!'.repeat(line.length)}`);
  results.push({ name, status: isCI ? 'FAILED (skipped under CI=true)' : 'SKIPPED', seconds: 0 });
  if (isCI) totals.failed += 1;
}

function vitestCounts(file) {
  return () => {
    try {
      const report = JSON.parse(readFileSync(file, 'utf8'));
      return { passed: report.numPassedTests, failed: report.numFailedTests };
    } catch {
      return { passed: 0, failed: 1 };
    }
  };
}

function playwrightCounts(file) {
  return () => {
    try {
      const { stats } = JSON.parse(readFileSync(file, 'utf8'));
      return { passed: stats.expected + stats.flaky, failed: stats.unexpected };
    } catch {
      return { passed: 0, failed: 1 };
    }
  };
}

function vitest(name, projects, reportName, env) {
  const reportFile = path.join(outDir, `${reportName}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`);
  return run(name, 'npx', args, { env, counts: vitestCounts(reportFile) });
}

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

run('lint (biome)', 'npx', ['biome', 'check', '.']);
run('typecheck (tsc -b)', 'npx', ['tsc', '-b']);
vitest('unit tests (contracts, web)', ['unit', 'web'], 'unit', {});
vitest('integration tests on PGlite', ['integration'], 'integration-pglite', { DATABASE_URL: '' });

const postgresUrl =
  process.env.DATABASE_URL || ((await portAnswers('127.0.0.1', 5432)) ? localPostgresUrl : '');
if (postgresUrl) {
  vitest('integration tests on PostgreSQL', ['integration'], 'integration-postgres', {
    DATABASE_URL: postgresUrl,
  });
} else {
  skip(
    'integration tests on PostgreSQL',
    'no DATABASE_URL and nothing answers on 127.0.0.1:5432. Install and start PostgreSQL (apt-get install -y postgresql) or set DATABASE_URL.',
  );
}

if (existsSync(chromiumPath)) {
  const reportFile = path.join(outDir, 'e2e.json');
  run('build web app', 'npm', ['run', 'build']);
  run(
    'browser e2e tests (Playwright + Chromium)',
    'npx',
    ['playwright', 'test', '--config', 'e2e/playwright.config.ts'],
    {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile, CHROMIUM_PATH: chromiumPath, DATABASE_URL: '' },
      counts: playwrightCounts(reportFile),
    },
  );
} else {
  skip(
    'browser e2e tests',
    `no Chromium at ${chromiumPath}. Install it with: apt-get update && apt-get install -y chromium`,
  );
}

console.log('\n━━━ summary ━━━');
for (const r of results) console.log(`${r.status.padEnd(32)} ${r.name} (${r.seconds.toFixed(1)} s)`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(results.some((r) => r.status !== 'passed' && r.status !== 'SKIPPED') ? 1 : 0);
