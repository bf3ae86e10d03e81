import { fileURLToPath } from 'node:url';
import { createDbClient, type DbClient } from '@ember/db/client';
import { clientSessions } from '@ember/db/schema/sessions';
import { votes } from '@ember/db/schema/votes';
import type { TestDatabase } from '@ember/db/test-support/test-database';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersFor } from '../../../test-support/auth.ts';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { givenUser } from '../../../test-support/test-data.ts';
import { buildApp } from '../../app.ts';
import { CLIENT_BASE, freshDataDir, signInClientWith } from '../client-api/client-api.fixtures.ts';

// Issue 22: several API processes serve one game client's calls. The session limits are decided in
// PostgreSQL (the user's row lock in front of the count, client-sessions.service.ts), never in a
// process' memory: two apps, each with its own connection pool on one database, as two processes
// behind a balancer, opening sessions for one user at once, never let more than the limit run.

let ctx: TestContext;
let secondPool: DbClient;
let second: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestApp({ DATA_DIR: await freshDataDir() });
  secondPool = createDbClient({ databaseUrl: (ctx.database as TestDatabase).url ?? '', maxConnections: 5 });
  second = await buildApp({
    env: ctx.env,
    database: secondPool,
    webDistDir: fileURLToPath(new URL('../../../test-support/fixtures/web-dist', import.meta.url)),
  });
});

afterAll(async () => {
  await second?.close();
  await secondPool?.close();
  await ctx?.close();
});

/** `times` session opens at once, alternately through the first and the second app. */
async function openAtOnce(headers: Record<string, string>, times: number) {
  return Promise.all(
    Array.from({ length: times }, (_, index) =>
      (index % 2 === 0 ? ctx.app : second).inject({
        method: 'POST',
        url: `${CLIENT_BASE}/sessions`,
        headers,
        payload: { pluginId: 0 },
      }),
    ),
  );
}

const runningOf = (userId: number) =>
  ctx.database.db.select().from(clientSessions).where(eq(clientSessions.userId, userId));

const tally = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, res) => {
    counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
    return counts;
  }, {});

describe('client session limits across two processes', () => {
  it('a free account opening forty sessions through both: one runs, thirty-nine are refused', async () => {
    const user = await givenUser(ctx);
    const token = await signInClientWith(ctx, await headersFor(ctx, user.id));
    const responses = await openAtOnce(token, 40);
    expect(tally(responses)).toEqual({ 201: 1, 403: 39 });
    expect(await runningOf(user.id)).toHaveLength(1);

    // What one process allowed, the other knows at once.
    const later = await second.inject({
      method: 'POST',
      url: `${CLIENT_BASE}/sessions`,
      headers: token,
      payload: { pluginId: 0 },
    });
    expect(later.statusCode).toBe(403);
  });

  it('a limit of three (one, and two from votes): three run, whichever process opened them', async () => {
    const user = await givenUser(ctx);
    await ctx.database.db.insert(votes).values({
      userId: user.id,
      extraSessions: 2,
      extraSessionsUntil: new Date(Date.now() + 86_400_000),
    });
    const token = await signInClientWith(ctx, await headersFor(ctx, user.id));
    const responses = await openAtOnce(token, 30);
    expect(tally(responses)).toEqual({ 201: 3, 403: 27 });
    expect(await runningOf(user.id)).toHaveLength(3);
  });
});
