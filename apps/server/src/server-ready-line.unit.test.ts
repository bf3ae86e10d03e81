import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, startServerProcess } from '../test-support/server-process.ts';

// Issue 26, item 15: started with no DATABASE_URL, the server runs on the embedded PGlite (reached
// through node-postgres, decision 0022), and its ready line said "database: postgres". The real entry
// point, started as `npm start` starts it, must name the embedded database and its folder on one plain
// line, and keep request lines out of readable logs. The PostgreSQL side: server-ready-line.postgres.test.ts.

const dataDir = mkdtempSync(path.join(tmpdir(), 'ember-ready-line-'));
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the ready line on the embedded database', () => {
  it('names the address and the embedded PGlite folder on one plain line, with no request lines after it', async () => {
    const port = await freePort();
    server = await startServerProcess(
      {
        NODE_ENV: 'development',
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: '',
        SERVICES: 'api,worker',
        SEED_ON_EMPTY: 'false',
        LOG_LEVEL: 'info',
        // What a terminal gets; this test reads a pipe, which gets JSON by default.
        LOG_FORMAT: 'pretty',
        BRAND_NAME: 'Ember',
      },
      'is ready at',
    );
    const output = server.output;

    const expected = `Ember is ready at http://localhost:${port} — database: embedded PGlite (${dataDir})`;
    expect(output().split('\n')).toContain(expected);
    expect(output()).not.toMatch(/database: postgres/i);

    // Pages and API calls leave no line at the default level.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/api/shop/plans`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    const lines = output().trim().split('\n');
    expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
    expect(output()).not.toMatch(/incoming request|request completed|\/api\/shop\/plans|Server listening at/);
    expect(lines.filter((line) => line.includes('is ready at'))).toHaveLength(1);
  }, 120_000);
});
