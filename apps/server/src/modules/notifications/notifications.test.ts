import {
  GIFT_MESSAGE_PLAIN_TEXT_MESSAGE,
  GIFT_MESSAGE_TOO_LONG_MESSAGE,
} from '@ember/contracts/notifications';
import { notifications } from '@ember/db/schema/notifications';
import { subscriptions } from '@ember/db/schema/subscriptions';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { headersFor } from '../../../test-support/auth.ts';
import {
  balanceOf,
  givenPriceOf,
  givenUser,
  useTestAppWithCleanBooks,
} from '../../../test-support/test-data.ts';
import { createNotificationServices } from './index.ts';

// Issue 35, item 5: a gift tells its receiver once, in the bell, with the sender's message; the
// receiver reads, pages and marks their own notifications; a bad message changes nothing.

const ctx = useTestAppWithCleanBooks();

async function call(method: 'GET' | 'POST' | 'PUT', url: string, userId: number, payload?: object) {
  return ctx.app.inject({
    method,
    url: `/api/shop${url}`,
    headers: await headersFor(ctx, userId),
    ...(payload && { payload }),
  });
}

async function giftOf(message?: unknown, key?: string) {
  const owner = await givenUser(ctx);
  const { plan, price } = await givenPriceOf(ctx, owner.id, { price: 20 });
  const sender = await givenUser(ctx, { credits: 100 });
  const receiver = await givenUser(ctx);
  const send = async () =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/shop/subscriptions/gift?priceId=${price.id}&discordId=${receiver.discordId}`,
      headers: { ...(await headersFor(ctx, sender.id)), ...(key && { 'idempotency-key': key }) },
      ...(message !== undefined && { payload: { message } }),
    });
  return { plan, sender, receiver, send };
}

const rowsOf = (userId: number) =>
  ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('a gift received', () => {
  it("shows in the receiver's bell with the sender and their message, linking to the account page", async () => {
    const { plan, sender, receiver, send } = await giftOf('  Happy birthday, have fun!  ');
    expect((await send()).statusCode).toBe(201);

    expect((await call('GET', '/notifications/unread-count', receiver.id)).json()).toEqual({ unread: 1 });
    const page = (await call('GET', '/notifications', receiver.id)).json();
    expect(page.totalPages).toBe(1);
    expect(page.content).toEqual([
      expect.objectContaining({
        kind: 'GIFT_RECEIVED',
        title: `${sender.username} gifted you ${plan.name}`,
        message: 'Happy birthday, have fun!',
        link: '/account',
        readAt: null,
      }),
    ]);
    expect((await call('GET', '/notifications/unread-count', sender.id)).json()).toEqual({ unread: 0 });
  });

  it('without a message, says who sent what', async () => {
    const { receiver, send } = await giftOf();
    expect((await send()).statusCode).toBe(201);
    const [only] = (await call('GET', '/notifications', receiver.id)).json().content;
    expect(only.message).toBeNull();
  });

  it('retried with the same Idempotency-Key, tells the receiver once', async () => {
    const { receiver, send } = await giftOf('Once only', 'gift-press-1');
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(201);
    expect(await rowsOf(receiver.id)).toHaveLength(1);
  });

  it.each([
    ['too long', 'x'.repeat(201), GIFT_MESSAGE_TOO_LONG_MESSAGE],
    ['on two lines', 'one\ntwo', GIFT_MESSAGE_PLAIN_TEXT_MESSAGE],
    ['with markup', '<b>hi</b>', GIFT_MESSAGE_PLAIN_TEXT_MESSAGE],
    ['not text', 42, GIFT_MESSAGE_PLAIN_TEXT_MESSAGE],
  ])('refuses a message %s with a 400 and changes nothing', async (_what, message, expected) => {
    const { sender, receiver, send } = await giftOf(message);
    const response = await send();
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(expected);
    expect(await rowsOf(receiver.id)).toEqual([]);
    expect(
      await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, receiver.id)),
    ).toEqual([]);
    expect((await balanceOf(ctx, sender.id)).balance).toBe(100);
  });
});

describe('the notify port', () => {
  it('writes an event once however often it is told, and not at all when its transaction rolls back', async () => {
    const { notify } = createNotificationServices({
      db: ctx.database.db,
      clock: () => new Date(),
      bot: null,
      publicUrl: ctx.env.PUBLIC_URL,
      dmRetrySeconds: 1,
      jobs: () => ctx.app.jobs,
    });
    const user = await givenUser(ctx);
    const event = {
      userId: user.id,
      kind: 'PAYOUT_PAID' as const,
      idempotencyKey: `test-payout-paid:${user.id}`,
      params: { payoutId: 7 },
      link: '/developer',
    };
    for (let attempt = 0; attempt < 3; attempt++) {
      await ctx.database.db.transaction((tx) => notify(tx, event));
    }
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await notify(tx, { ...event, idempotencyKey: `test-rolled-back:${user.id}` });
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect((await rowsOf(user.id)).map((row) => row.idempotencyKey)).toEqual([event.idempotencyKey]);
  });
});

describe('the notification centre', () => {
  it('pages newest first, marks only the caller’s own notifications read, and keeps the settings', async () => {
    const first = await giftOf('first');
    expect((await first.send()).statusCode).toBe(201);
    const receiver = first.receiver;
    // A second gift to the same receiver.
    const owner = await givenUser(ctx);
    const { price } = await givenPriceOf(ctx, owner.id, { price: 5 });
    const sender = await givenUser(ctx, { credits: 10 });
    const second = await ctx.app.inject({
      method: 'POST',
      url: `/api/shop/subscriptions/gift?priceId=${price.id}&discordId=${receiver.discordId}`,
      headers: await headersFor(ctx, sender.id),
      payload: { message: 'second' },
    });
    expect(second.statusCode).toBe(201);

    const page0 = (await call('GET', '/notifications?page=0&size=1', receiver.id)).json();
    expect(page0.totalPages).toBe(2);
    expect(page0.content.map((n: { message: string }) => n.message)).toEqual(['second']);
    const newest = page0.content[0].id;

    // Someone else's ids change nothing.
    const stranger = await givenUser(ctx);
    expect((await call('POST', '/notifications/read', stranger.id, { ids: [newest] })).json()).toEqual({
      unread: 0,
    });
    expect((await call('GET', '/notifications/unread-count', receiver.id)).json()).toEqual({ unread: 2 });
    expect((await call('POST', '/notifications/read', receiver.id, { ids: [newest] })).json()).toEqual({
      unread: 1,
    });
    const page1 = (await call('GET', '/notifications?page=0&size=2', receiver.id)).json();
    expect(page1.content.map((n: { readAt: string | null }) => n.readAt !== null)).toEqual([true, false]);

    expect((await call('GET', '/notifications/settings', receiver.id)).json()).toEqual({
      discordDirectMessages: false,
    });
    const saved = await call('PUT', '/notifications/settings', receiver.id, { discordDirectMessages: true });
    expect(saved.json()).toEqual({ discordDirectMessages: true });
    expect((await call('GET', '/notifications/settings', receiver.id)).json()).toEqual({
      discordDirectMessages: true,
    });
  });

  it('refuses guests and bad input with clear 4xx answers', async () => {
    const guest = await ctx.app.inject({ method: 'GET', url: '/api/shop/notifications/unread-count' });
    expect(guest.statusCode).toBe(401);
    const user = await givenUser(ctx);
    expect((await call('POST', '/notifications/read', user.id, { ids: [] })).statusCode).toBe(400);
    expect((await call('GET', '/notifications?size=1000', user.id)).statusCode).toBe(400);
    expect(
      (await call('PUT', '/notifications/settings', user.id, { discordDirectMessages: 'yes' })).statusCode,
    ).toBe(400);
  });
});
