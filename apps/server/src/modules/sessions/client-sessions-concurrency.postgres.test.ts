import { clientSessions } from '@ember/db/schema/sessions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersFor } from '../../../test-support/auth.ts';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { givenUser } from '../../../test-support/test-data.ts';
import { CLIENT_BASE, freshDataDir, signInClientWith } from '../client-api/client-api.fixtures.ts';

// On PostgreSQL the opens are truly concurrent transactions over a pool: only the per-user lock in
// front of the count keeps the limit. On PGlite they would queue, so this file runs on PostgreSQL only.

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ DATA_DIR: await freshDataDir() });
});

afterAll(async () => {
  await ctx?.close();
});

describe('concurrent session opens', () => {
  it('fifty opens at once for a free account: one session runs, forty-nine are refused', async () => {
    const user = await givenUser(ctx);
    const token = await signInClientWith(ctx, await headersFor(ctx, user.id));
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: `${CLIENT_BASE}/sessions`,
          headers: token,
          payload: { pluginId: 0 },
        }),
      ),
    );
    expect(responses.map((res) => res.statusCode).sort()).toEqual([201, ...Array(49).fill(403)]);
    const running = await ctx.database.db
      .select()
      .from(clientSessions)
      .where(eq(clientSessions.userId, user.id));
    expect(running).toHaveLength(1);
  });
});
