import { createTestDatabase, type TestDatabase } from '@ember/db/test-support/test-database';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postgresServerUrl } from '../test-support/jobs/job-test-helpers.ts';
import { freePort, type ServerProcess, startServerProcess } from '../test-support/server-process.ts';

// Issue 26, item 15, the PostgreSQL side (the embedded side: server-ready-line.unit.test.ts): the
// ready line names the server's host, port and the database really opened, never the password, and a
// pipe still gets the JSON log, one record a line (production's format).

let database: TestDatabase;
let server: ServerProcess | undefined;

beforeAll(async () => {
  database = await createTestDatabase({ serverUrl: postgresServerUrl(), seed: false });
});

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

afterAll(async () => {
  await database?.close();
});

const PASSWORD = 'never-printed-secret';

/** The test database's address with a password, which the local server (trust authentication) does not ask for. */
function databaseUrlWithPassword(): string {
  const url = new URL(database.url ?? '');
  url.password = PASSWORD;
  return url.toString();
}

function start(services: string, port: number, readyText: string) {
  return startServerProcess(
    {
      SERVICES: services,
      DATABASE_URL: databaseUrlWithPassword(),
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      LOG_FORMAT: '',
      SEED_ON_EMPTY: 'false',
      BRAND_NAME: 'Ember',
    },
    readyText,
    30_000,
  );
}

/** Every line of the log, parsed: a line that is not JSON fails here. */
const records = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { msg?: string });

function where(): string {
  const url = new URL(database.url ?? '');
  return `${url.hostname}:${url.port || '5432'}/${database.databaseName}`;
}

describe('the ready line on PostgreSQL', () => {
  it('names the host, port and database, never the password, in a JSON record on a pipe', async () => {
    const port = await freePort();
    server = await start('api,worker', port, 'is ready at');
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const log = records(server.output());
    expect(log.map((record) => record.msg)).toContain(
      `Ember is ready at http://localhost:${port} — database: PostgreSQL at ${where()}`,
    );
    expect(log.map((record) => record.msg)).toContain('request completed');
    expect(server.output()).not.toContain(PASSWORD);
  }, 60_000);

  it('says so on a worker-only process', async () => {
    const port = await freePort();
    server = await start('worker', port, 'worker is running');
    const log = records(server.output());
    expect(log.map((record) => record.msg)).toContain(
      `Ember worker is running (background jobs only, no HTTP port) — database: PostgreSQL at ${where()}`,
    );
    expect(server.output()).not.toContain(PASSWORD);
  }, 60_000);
});
