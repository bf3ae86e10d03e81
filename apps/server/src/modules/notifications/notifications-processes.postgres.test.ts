import { createDbClient, type DbClient } from '@ember/db/client';
import { notificationSettings, notifications } from '@ember/db/schema/notifications';
import { createTestDatabase, type TestDatabase } from '@ember/db/test-support/test-database';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_APP_CREDENTIALS, startFakeDiscord } from '../../../test-support/fake-discord-server.ts';
import { postgresServerUrl, recordingLog, waitUntil } from '../../../test-support/jobs/job-test-helpers.ts';
import { givenUser } from '../../../test-support/test-data.ts';
import { createDiscordBot } from '../../integrations/discord/discord-bot.ts';
import { createJobQueue, type JobQueue } from '../jobs/index.ts';
import { createNotificationServices } from './index.ts';
import type { NotificationInput } from './notify.ts';

// Issue 35: two store processes on one PostgreSQL database, each with its own connection pool and
// its own worker, told the same event at the same moment (a retried request that reached both):
// one notification, one direct message. PostgreSQL only: PGlite is one connection in one process.

let database: TestDatabase;
let second: DbClient;
let discord: { server: FastifyInstance; origin: string };
const queues: JobQueue[] = [];

function aProcess(db: DbClient['db']) {
  let queue: JobQueue | null = null;
  const services = createNotificationServices({
    db,
    clock: () => new Date(),
    bot: createDiscordBot({
      apiBase: `${discord.origin}/api`,
      botToken: FAKE_APP_CREDENTIALS.botToken,
      fetch,
    }),
    publicUrl: 'http://store.test',
    dmRetrySeconds: 1,
    jobs: () => {
      if (!queue) throw new Error('queue not started');
      return queue;
    },
  });
  return {
    notify: services.notify,
    async start() {
      queue = createJobQueue({
        db,
        log: recordingLog(),
        definitions: services.jobs.all,
        pollingIntervalSeconds: 0.5,
      });
      queues.push(queue);
      await queue.start({ work: true });
    },
  };
}

let processes: ReturnType<typeof aProcess>[];

beforeAll(async () => {
  discord = await startFakeDiscord();
  database = await createTestDatabase({ serverUrl: postgresServerUrl() });
  second = createDbClient({ databaseUrl: database.url });
  processes = [aProcess(database.db), aProcess(second.db)];
  for (const process of processes) await process.start();
});

afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await second?.close();
  await database?.close();
  await discord?.server.close();
});

describe('one event told by two processes at once', () => {
  it('is written once and sent once as a direct message', async () => {
    const user = await givenUser({ database });
    // The account allows direct messages (what PUT /notifications/settings stores).
    await database.db.insert(notificationSettings).values({ userId: user.id, discordDirectMessages: true });
    const event: NotificationInput = {
      userId: user.id,
      kind: 'PAYOUT_PAID',
      idempotencyKey: `payout-paid:race-${user.id}`,
      params: { payoutId: 12 },
      link: '/developer',
    };
    const attempts = Array.from({ length: 10 }, (_, index) => {
      const process = processes[index % 2];
      const db = index % 2 === 0 ? database.db : second.db;
      return db.transaction((tx) => process?.notify(tx, event) ?? Promise.resolve());
    });
    await Promise.all(attempts);

    const rows = await database.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(rows).toHaveLength(1);
    await waitUntil('the direct message sent', async () => {
      const [row] = await database.db.select().from(notifications).where(eq(notifications.userId, user.id));
      return row?.discordSentAt != null;
    });
    const sent = await (
      await fetch(`${discord.origin}/api/_fake/direct-messages?recipient_id=${user.discordId}`)
    ).json();
    expect(sent).toEqual([
      expect.objectContaining({ content: 'Your payout #12 was paid\nhttp://store.test/developer' }),
    ]);
  });
});
