import { clientSessions } from '@ember/db/schema/sessions';
import type { TestDatabase } from '@ember/db/test-support/test-database';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersFor } from '../../../test-support/auth.ts';
import { freePort, type ServerProcess, startServerProcess } from '../../../test-support/server-process.ts';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { givenUser } from '../../../test-support/test-data.ts';
import { CLIENT_BASE, freshDataDir, signInClientWith } from './client-api.fixtures.ts';

// Issue 36: a process answers unchanged heartbeats from memory and writes their last updates once a
// second. Killed (SIGKILL) in the middle of such a window, it loses at most that window of last
// updates: the session still runs on the next heartbeat through another process, and its slot is
// still taken (a free account's second open is refused).

let ctx: TestContext;
let server: ServerProcess | undefined;

beforeAll(async () => {
  ctx = await createTestApp({ DATA_DIR: await freshDataDir() });
});

afterAll(async () => {
  await server?.stop();
  await ctx?.close();
});

describe('a process killed in the middle of a batch of last updates', () => {
  it('loses no limit and ends no live session', async () => {
    const port = await freePort();
    server = await startServerProcess(
      {
        NODE_ENV: 'development',
        SERVICES: 'api',
        DATABASE_URL: (ctx.database as TestDatabase).url ?? '',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: '',
        SEED_ON_EMPTY: 'false',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        DATA_DIR: await freshDataDir(),
      },
      'Ember is ready at',
    );
    const user = await givenUser(ctx);
    const client = await signInClientWith(ctx, await headersFor(ctx, user.id));
    const origin = `http://127.0.0.1:${port}`;
    const opened = await fetch(`${origin}${CLIENT_BASE}/sessions`, {
      method: 'POST',
      headers: { ...client, 'content-type': 'application/json' },
      body: JSON.stringify({ pluginId: 0 }),
    });
    expect(opened.status).toBe(201);
    const { sessionId } = (await opened.json()) as { sessionId: string };
    let lastAnswered = '';
    for (let beat = 0; beat < 3; beat++) {
      const answer = await fetch(`${origin}${CLIENT_BASE}/sessions/${sessionId}/heartbeat`, {
        method: 'POST',
        headers: client,
      });
      expect(answer.status).toBe(200);
      lastAnswered = ((await answer.json()) as { lastUpdate: string }).lastUpdate;
    }
    await server.stop();
    server = undefined;

    const [row] = await ctx.database.db
      .select({ lastUpdate: clientSessions.lastUpdate })
      .from(clientSessions)
      .where(eq(clientSessions.id, sessionId));
    // At most one batching window (1 s) of last updates is lost.
    expect(new Date(lastAnswered).getTime() - (row?.lastUpdate.getTime() ?? 0)).toBeLessThanOrEqual(1000);

    const beat = await ctx.app.inject({
      method: 'POST',
      url: `${CLIENT_BASE}/sessions/${sessionId}/heartbeat`,
      headers: client,
    });
    expect(beat.statusCode, beat.body).toBe(200);
    const second = await ctx.app.inject({
      method: 'POST',
      url: `${CLIENT_BASE}/sessions`,
      headers: client,
      payload: { pluginId: 0 },
    });
    expect(second.statusCode).toBe(403);
  });
});
