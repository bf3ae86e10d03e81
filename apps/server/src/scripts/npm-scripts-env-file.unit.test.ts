import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// `.env.example` says "Copy to .env": the npm scripts that start the server or touch the database
// must read `.env` from the repository root (and still start when there is none).

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SCRIPTS_THAT_READ_ENV = ['serve', 'dev', 'worker', 'db:seed', 'ledger:check'];
/** Variables the `.env` below sets; the test's own environment must not override them. */
/** A port outside the defaults, so the answer proves .env was read. */
const DOTENV_PORT = Number(process.env.DOTENV_TEST_PORT ?? 3552);
const DOTENV_KEYS = ['PORT', 'HOST', 'DATA_DIR', 'SERVICES', 'SEED_ON_EMPTY', 'BRAND_NAME', 'LOG_LEVEL'];

const scripts: Record<string, string> = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'),
).scripts;

/** A copy of the repository root (package.json, .env) whose code and modules link to the real ones. */
function sandboxWithDotEnv(dotenv: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ember-dotenv-'));
  copyFileSync(path.join(REPO_ROOT, 'package.json'), path.join(dir, 'package.json'));
  for (const entry of ['apps', 'packages', 'node_modules']) {
    symlinkSync(path.join(REPO_ROOT, entry), path.join(dir, entry));
  }
  writeFileSync(path.join(dir, '.env'), dotenv);
  return dir;
}

function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: '' };
  // NODE_ENV=test (set by vitest) silences the server's log, which tells where it listens.
  for (const key of [...DOTENV_KEYS, 'NODE_ENV']) delete env[key];
  return env;
}

const sandboxes: string[] = [];
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  }
  for (const dir of sandboxes) rmSync(dir, { recursive: true, force: true });
});

describe('.env is read by the npm scripts', () => {
  it.each(SCRIPTS_THAT_READ_ENV)('`npm run %s` starts node with --env-file-if-exists=.env', (name) => {
    expect(scripts[name]).toMatch(/\bnode --env-file-if-exists=\.env /);
  });

  it('`npm run serve` uses the port and brand name written in .env', async () => {
    const dir = sandboxWithDotEnv(
      [
        `PORT=${DOTENV_PORT}`,
        'HOST=127.0.0.1',
        'DATA_DIR=./data',
        'SERVICES=api,worker',
        'SEED_ON_EMPTY=false',
        'BRAND_NAME=Brand From Dotenv',
        'LOG_LEVEL=info',
      ].join('\n'),
    );
    sandboxes.push(dir);
    const child = spawn('npm', ['run', '--silent', 'serve'], {
      cwd: dir,
      env: childEnv(),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);

    let output = '';
    const address = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk;
        const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (listening?.[1]) resolve(listening[1]);
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => reject(new Error(`npm run serve exited (${code}): ${output}`)));
      // npm, tsx and a first PGlite migration: 7 s alone, 34 s beside the rest of `npm test` on a
      // fast machine and past 45 s on a slower one (stop 42's CI), as the ready-line test allows.
      setTimeout(() => reject(new Error(`npm run serve did not start listening: ${output}`)), 90_000);
    });

    expect(address).toBe(`http://127.0.0.1:${DOTENV_PORT}`);
    const config = (await (await fetch(`${address}/api/public-config`)).json()) as {
      brand: { name: string };
    };
    expect(config.brand.name).toBe('Brand From Dotenv');
  }, 120_000);
});
