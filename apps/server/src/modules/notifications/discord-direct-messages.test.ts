import { notifications } from '@ember/db/schema/notifications';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersFor } from '../../../test-support/auth.ts';
import { startFakeDiscord } from '../../../test-support/fake-discord-server.ts';
import { waitUntil } from '../../../test-support/jobs/job-test-helpers.ts';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { expectLedgerClean, givenPriceOf, givenUser } from '../../../test-support/test-data.ts';

// Issue 35, item 5: those who allow it on /account also get their notifications as a direct
// message from the store's bot, through Discord's two calls (the fake Discord on its own port
// records them). Discord failing never blocks the gift: the job queue sends the message again.

let ctx: TestContext;
let discord: { server: FastifyInstance; origin: string; env: Record<string, string> };
/** Discord answers the next this-many message posts with 503, as when it has an outage. */
let failingMessagePosts = 0;
let messagePosts = 0;

beforeAll(async () => {
  discord = await startFakeDiscord();
  const outageProneFetch: typeof fetch = async (input, init) => {
    if (String(input).includes('/channels/') && init?.method === 'POST') {
      messagePosts += 1;
      if (failingMessagePosts > 0) {
        failingMessagePosts -= 1;
        return new Response(JSON.stringify({ message: 'Service Unavailable' }), { status: 503 });
      }
    }
    return fetch(input, init);
  };
  ctx = await createTestApp(
    { ...discord.env, NOTIFICATION_DM_RETRY_SECONDS: '1' },
    { fetch: outageProneFetch },
  );
  await ctx.app.jobs.start({ work: true });
});

afterAll(async () => {
  await expectLedgerClean(ctx);
  await ctx?.close();
  await discord?.server.close();
});

interface RecordedMessage {
  recipientId: string;
  content: string;
}

const messagesTo = async (discordId: string): Promise<RecordedMessage[]> =>
  (await fetch(`${discord.origin}/api/_fake/direct-messages?recipient_id=${discordId}`)).json() as Promise<
    RecordedMessage[]
  >;

async function giftWithMessage(receiver: { discordId: string }, message: string) {
  const owner = await givenUser(ctx);
  const { plan, price } = await givenPriceOf(ctx, owner.id, { price: 10 });
  const sender = await givenUser(ctx, { credits: 50 });
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/shop/subscriptions/gift?priceId=${price.id}&discordId=${receiver.discordId}`,
    headers: await headersFor(ctx, sender.id),
    payload: { message },
  });
  expect(response.statusCode).toBe(201);
  return { plan, sender };
}

async function allowingDirectMessages() {
  const receiver = await givenUser(ctx);
  const saved = await ctx.app.inject({
    method: 'PUT',
    url: '/api/shop/notifications/settings',
    headers: await headersFor(ctx, receiver.id),
    payload: { discordDirectMessages: true },
  });
  expect(saved.statusCode).toBe(200);
  return receiver;
}

describe('Discord direct messages', () => {
  it('sends a gift to a receiver who allows it as one direct message from the bot', async () => {
    const receiver = await allowingDirectMessages();
    const { plan, sender } = await giftWithMessage(receiver, 'Enjoy it!');

    const [message] = await waitUntil('the direct message', async () => {
      const sent = await messagesTo(receiver.discordId);
      return sent.length > 0 && sent;
    });
    expect(message?.content).toBe(
      `${sender.username} gifted you ${plan.name}\n> Enjoy it!\n${ctx.env.PUBLIC_URL}/account`,
    );
    const [row] = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, receiver.id));
    expect(row?.discordSentAt).not.toBeNull();
  });

  it('sends it again after Discord failed, and only once', async () => {
    const receiver = await allowingDirectMessages();
    const before = messagePosts;
    failingMessagePosts = 2;
    await giftWithMessage(receiver, 'Third time lucky');

    await waitUntil('the direct message after two failures', async () => {
      const sent = await messagesTo(receiver.discordId);
      return sent.length > 0;
    });
    expect(messagePosts - before).toBe(3);
    expect(await messagesTo(receiver.discordId)).toHaveLength(1);
  });

  it('sends nothing to an account that did not allow it', async () => {
    const receiver = await givenUser(ctx);
    const allowing = await allowingDirectMessages();
    await giftWithMessage(receiver, 'Bell only');
    await giftWithMessage(allowing, 'Both');
    // The later gift's message arrived, so the earlier one had its chance.
    await waitUntil(
      'the allowing account’s message',
      async () => (await messagesTo(allowing.discordId)).length > 0,
    );
    expect(await messagesTo(receiver.discordId)).toEqual([]);
  });
});
