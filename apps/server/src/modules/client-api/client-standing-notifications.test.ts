import { listenInProcess } from '@ember/db/in-process-notifications';
import { clientTokens } from '@ember/db/schema/client-access';
import { users } from '@ember/db/schema/users';
import { votes } from '@ember/db/schema/votes';
import { createTestDatabase, type TestDatabase } from '@ember/db/test-support/test-database';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenUser } from '../../../test-support/test-data.ts';
import { CLIENT_STANDING_CHANNEL } from './client-standing-feed.ts';

// Decision 0044: the database tells every process which users' client standing changed (migration
// 0022's triggers), so a process may keep their client tokens' checks. What is told, and what is not.

let database: TestDatabase;
let stopListening: () => Promise<void>;
/** What was heard since the last call (on PostgreSQL after a round trip, so everything committed is in). */
let heard: () => Promise<string[]>;
const ctx = () => ({ database });

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  const payloads: string[] = [];
  const inProcess = await listenInProcess(database.db, CLIENT_STANDING_CHANNEL, (payload) =>
    payloads.push(payload),
  );
  if (inProcess) {
    stopListening = inProcess;
    heard = async () => payloads.splice(0);
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  client.on('notification', (message) => payloads.push(message.payload ?? ''));
  await client.query(`LISTEN ${CLIENT_STANDING_CHANNEL}`);
  stopListening = () => client.end();
  heard = async () => {
    await client.query('select 1');
    return payloads.splice(0);
  };
});

afterAll(async () => {
  await stopListening?.();
  await database?.close();
});

async function tokenOf(userId: number) {
  const [token] = await database.db
    .insert(clientTokens)
    .values({ userId, tokenHash: `hash-${userId}-${Math.random()}`, name: 'Test client' })
    .returning({ id: clientTokens.id });
  if (!token) throw new Error('no token');
  return token.id;
}

describe('the client standing notifications', () => {
  it('tell a ban, a hold, VIP time and roles, and not a rename or a value written again', async () => {
    const user = await givenUser(ctx());
    await heard();
    const change = (values: Partial<typeof users.$inferInsert>) =>
      database.db.update(users).set(values).where(eq(users.id, user.id));
    await change({ enabled: false });
    expect(await heard()).toEqual([String(user.id)]);
    await change({ heldAt: new Date(), holdReason: 'A dispute' });
    expect(await heard()).toEqual([String(user.id)]);
    await change({ vipUntil: new Date(Date.now() + 86_400_000) });
    expect(await heard()).toEqual([String(user.id)]);
    await change({ roles: ['CUSTOMER', 'VIP'] });
    expect(await heard()).toEqual([String(user.id)]);
    await change({ displayName: 'Renamed Player', enabled: false });
    expect(await heard()).toEqual([]);
  });

  it('tell a revoked or moved token, and not its last use', async () => {
    const owner = await givenUser(ctx());
    const other = await givenUser(ctx());
    const token = await tokenOf(owner.id);
    await heard();
    await database.db.update(clientTokens).set({ lastUsedAt: new Date() }).where(eq(clientTokens.id, token));
    expect(await heard()).toEqual([]);
    await database.db.update(clientTokens).set({ userId: other.id }).where(eq(clientTokens.id, token));
    expect(await heard()).toEqual([`${owner.id},${other.id}`]);
    await database.db.update(clientTokens).set({ revokedAt: new Date() }).where(eq(clientTokens.id, token));
    expect(await heard()).toEqual([`${other.id},${other.id}`]);
  });

  it('tell a limit change, only once it commits', async () => {
    const user = await givenUser(ctx());
    await heard();
    await database.db
      .transaction(async (tx) => {
        await tx.insert(votes).values({ userId: user.id, extraSessions: 1 });
        tx.rollback();
      })
      .catch(() => {});
    expect(await heard()).toEqual([]);
    await database.db.insert(votes).values({ userId: user.id, extraSessions: 1 });
    expect(await heard()).toEqual([String(user.id)]);
  });

  it('say "*" for a change of more users than one notification holds, and the change is made', async () => {
    await database.db.execute(sql`
      insert into users (discord_id, username, display_name)
      select (830000000000000000 + g)::text, 'notifybulk' || g, 'Notify Bulk ' || g
      from generate_series(1, 2000) g`);
    await heard();
    await database.db.execute(sql`
      insert into votes (user_id, extra_sessions) select id, 1 from users where username like 'notifybulk%'`);
    expect(await heard()).toEqual(['*']);
    const [row] = await database.db
      .execute<{ n: number }>(
        sql`select count(*)::int as n from votes v join users u on u.id = v.user_id where u.username like 'notifybulk%'`,
      )
      .then((result) => (result as unknown as { rows: { n: number }[] }).rows);
    expect(row?.n).toBe(2000);
  });
});
