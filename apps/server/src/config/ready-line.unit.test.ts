import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';
import { chooseLogFormat, type LogFormat, loggerOptions } from './logging.ts';
import { announceReady, describeDatabase, readyLine } from './ready-line.ts';

// Issue 26, item 15: the line a newcomer reads after `npm start` names the address and the database
// really opened, and development logs are readable. server-ready-line.*.test.ts start the real server.

const EMBEDDED = { kind: 'embedded', dataDir: './data' } as const;

describe('the database on the ready line', () => {
  it('names the embedded PGlite and its folder, relative to where the server was started', () => {
    expect(describeDatabase(EMBEDDED, '/srv/ember')).toBe('embedded PGlite (./data)');
    expect(describeDatabase({ kind: 'embedded', dataDir: '/var/lib/ember' }, '/srv/ember')).toBe(
      'embedded PGlite (/var/lib/ember)',
    );
    expect(describeDatabase({ kind: 'embedded', dataDir: '../elsewhere' }, '/srv/ember')).toBe(
      'embedded PGlite (/srv/elsewhere)',
    );
  });

  it("names PostgreSQL's host, port and database, never the user or the password", () => {
    const line = describeDatabase({
      kind: 'postgres',
      url: 'postgres://ember:s3cret-pass@db.internal:6543/shop?sslmode=require',
      name: 'shop',
    });
    expect(line).toBe('PostgreSQL at db.internal:6543/shop');
    expect(describeDatabase({ kind: 'postgres', url: 'postgresql://u@127.0.0.1/ember', name: 'ember' })).toBe(
      'PostgreSQL at 127.0.0.1:5432/ember',
    );
    expect(describeDatabase({ kind: 'postgres', url: 'postgres://u:p@[::1]:5433/e', name: 'e' })).toBe(
      'PostgreSQL at [::1]:5433/e',
    );
  });
});

describe('the ready line', () => {
  const base = {
    brandName: 'Ember',
    publicUrl: 'http://localhost:3000',
    database: EMBEDDED,
    cwd: '/srv/ember',
  };

  it('says where the site is and which database it runs on', () => {
    expect(readyLine({ ...base, services: ['api', 'worker'], listeningAt: 'http://127.0.0.1:3000' })).toBe(
      'Ember is ready at http://localhost:3000 — database: embedded PGlite (./data)',
    );
  });

  it('adds the listening address when people reach the site elsewhere', () => {
    expect(
      readyLine({
        ...base,
        publicUrl: 'https://store.example.com',
        services: ['api', 'worker'],
        listeningAt: 'http://0.0.0.0:3000',
        database: { kind: 'postgres', url: 'postgres://u:p@10.0.0.5:5432/ember', name: 'ember' },
      }),
    ).toBe(
      'Ember is ready at https://store.example.com (listening on http://0.0.0.0:3000) — database: PostgreSQL at 10.0.0.5:5432/ember',
    );
  });

  it('says so on a worker-only process and on an API-only one', () => {
    const postgres = { kind: 'postgres', url: 'postgres://u@127.0.0.1:5432/ember', name: 'ember' } as const;
    expect(readyLine({ ...base, services: ['worker'], database: postgres })).toBe(
      'Ember worker is running (background jobs only, no HTTP port) — database: PostgreSQL at 127.0.0.1:5432/ember',
    );
    expect(
      readyLine({ ...base, services: ['api'], listeningAt: 'http://127.0.0.1:3000', database: postgres }),
    ).toBe(
      'Ember is ready at http://localhost:3000 — database: PostgreSQL at 127.0.0.1:5432/ember — background jobs: left to the worker processes',
    );
  });
});

describe('the log format', () => {
  const env = (values: Record<string, string>) => parseEnv(values);

  it('is readable on a terminal and JSON on a pipe, unless LOG_FORMAT says', () => {
    expect(chooseLogFormat(env({}), true)).toBe('pretty');
    expect(chooseLogFormat(env({}), false)).toBe('json');
    expect(chooseLogFormat(env({ LOG_FORMAT: 'json' }), true)).toBe('json');
    expect(chooseLogFormat(env({ LOG_FORMAT: 'pretty' }), false)).toBe('pretty');
  });

  it('is JSON in production, which refuses LOG_FORMAT=pretty', () => {
    expect(chooseLogFormat({ NODE_ENV: 'production', LOG_FORMAT: undefined }, true)).toBe('json');
    expect(() => parseEnv({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' })).toThrow(
      /LOG_FORMAT: production logs are JSON/,
    );
  });
});

/** An app logging like the server's, into memory, with one route. */
async function appLoggingAs(format: LogFormat, level: 'info' | 'debug' | 'warn' = 'info') {
  let text = '';
  const destination = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  const app = Fastify(loggerOptions({ NODE_ENV: 'development', LOG_LEVEL: level }, { format, destination }));
  app.get('/hello', async () => ({ hello: 'world' }));
  await app.ready();
  return { app, output: () => text };
}

describe('request lines', () => {
  it('are quiet in readable logs: one compact line per request, at debug', async () => {
    const quiet = await appLoggingAs('pretty');
    await quiet.app.inject({ url: '/hello' });
    quiet.app.log.info('something worth reading');
    expect(quiet.output()).toContain('INFO: something worth reading');
    expect(quiet.output()).not.toContain('/hello');

    const debug = await appLoggingAs('pretty', 'debug');
    await debug.app.inject({ url: '/hello' });
    const lines = debug.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/DEBUG: GET \/hello 200 \d+ ms$/);
  });

  it('stay JSON records, two per request, in the JSON format', async () => {
    const { app, output } = await appLoggingAs('json');
    await app.inject({ url: '/hello' });
    const records = output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string });
    expect(records.map((record) => record.msg)).toEqual(['incoming request', 'request completed']);
  });
});

describe('announcing the ready line', () => {
  it('prints a plain line beside readable logs and a JSON record beside JSON logs, once', async () => {
    const pretty = await appLoggingAs('pretty');
    let written = '';
    announceReady(pretty.app.log, 'pretty', 'Ember is ready at X', (text) => {
      written += text;
    });
    expect(written).toBe('Ember is ready at X\n');
    expect(pretty.output()).toBe('');

    const json = await appLoggingAs('json');
    announceReady(json.app.log, 'json', 'Ember is ready at X', () => {
      throw new Error('not in JSON logs');
    });
    expect(JSON.parse(json.output())).toMatchObject({ level: 30, msg: 'Ember is ready at X' });
  });

  it('is quiet under LOG_LEVEL=warn, as the tests and e2e runs set it', async () => {
    const { app, output } = await appLoggingAs('pretty', 'warn');
    let written = '';
    announceReady(app.log, 'pretty', 'Ember is ready at X', (text) => {
      written += text;
    });
    expect(written).toBe('');
    expect(output()).toBe('');
  });
});
