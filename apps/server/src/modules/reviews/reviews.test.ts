import { randomUUID } from 'node:crypto';
import {
  REVIEW_ALREADY_ANSWERED_MESSAGE,
  REVIEW_ALREADY_WRITTEN_MESSAGE,
  REVIEW_LINK_MESSAGE,
  REVIEW_NEVER_RAN_MESSAGE,
  REVIEW_NOT_SUBSCRIBER_MESSAGE,
  REVIEW_TOO_LONG_MESSAGE,
  type ReviewPage,
  type ReviewResponse,
} from '@ember/contracts/reviews';
import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { auditEvents } from '@ember/db/schema/audit';
import { plans } from '@ember/db/schema/catalog';
import { sessionLogs } from '@ember/db/schema/sessions';
import { makeSessionLog } from '@ember/db/seed/factories';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { headersFor } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import {
  givenPluginOnPrice,
  givenPriceOf,
  givenSubscription,
  givenUser,
} from '../../../test-support/test-data.ts';
import { createCacheRegistry } from '../../lib/cache/cache-registry.ts';
import { createKeyedCache } from '../../lib/cache/keyed-cache.ts';
import { findPlanRating } from '../catalog/index.ts';
import { createReviewsService } from './reviews.service.ts';
import { reviewFacts } from './reviews-module.ts';

const ctx = useTestApp();

const HOUR_MS = 3_600_000;

/** A developer's plan with one plugin on its price. */
async function givenPlanWithPlugin() {
  const { plan, price } = await givenPriceOf(ctx, DEMO_USER_IDS.developer, { name: 'Monthly', price: 250 });
  const plugin = await givenPluginOnPrice(
    ctx,
    { id: price.id, ownerId: DEMO_USER_IDS.developer },
    { name: `Reviewed ${plan.id}`, description: 'A plugin', sessionLimit: 1 },
  );
  return { plan, price, plugin };
}

/** A player who held the plan (paid 200 credits) and ran its plugin for `hours`. */
async function givenPlayerWhoRan(
  setup: Awaited<ReturnType<typeof givenPlanWithPlugin>>,
  hours: number,
  { ran = true } = {},
) {
  const player = await givenUser(ctx);
  await givenSubscription(ctx, {
    userId: player.id,
    planId: setup.plan.id,
    priceId: setup.price.id,
    purchasePrice: 200,
  });
  if (ran) {
    const lastUpdate = new Date();
    await ctx.database.db.insert(sessionLogs).values(
      makeSessionLog({
        userId: player.id,
        sessionId: randomUUID(),
        pluginId: setup.plugin.id,
        pluginName: setup.plugin.name,
        startedAt: new Date(lastUpdate.getTime() - hours * HOUR_MS),
        lastUpdate,
      }),
    );
  }
  return player;
}

const writeReview = async (userId: number, planId: number, body: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/shop/plans/${planId}/reviews`,
    headers: await headersFor(ctx, userId),
    payload: body,
  });

const reviewsPage = async (planId: number) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/shop/plans/${planId}/reviews` })).json<ReviewPage>();

const ratingOf = async (planId: number) => {
  const [row] = await ctx.database.db
    .select({ count: plans.ratingCount, sum: plans.ratingSum })
    .from(plans)
    .where(eq(plans.id, planId));
  return row;
};

describe('writing a review', () => {
  it('lets a subscriber who ran a plugin rate the plan, verified by the hours and the price they were on', async () => {
    const setup = await givenPlanWithPlugin();
    const player = await givenPlayerWhoRan(setup, 14.5);

    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/api/shop/plans/${setup.plan.id}/reviews/mine`,
      headers: await headersFor(ctx, player.id),
    });
    expect(mine.json()).toMatchObject({ canReview: true, refusal: null, review: null });

    const res = await writeReview(player.id, setup.plan.id, { rating: 4, body: 'Runs all night.' });
    expect(res.statusCode).toBe(201);
    const review = res.json<ReviewResponse>();
    expect(review).toMatchObject({
      rating: 4,
      body: 'Runs all night.',
      priceName: 'Monthly',
      pricePaid: 200,
    });
    expect(Math.floor(review.ranSeconds / 3600)).toBe(14);

    const page = await reviewsPage(setup.plan.id);
    expect(page.summary).toEqual({ average: 4, count: 1 });
    expect(page.totalElements).toBe(1);
    expect(page.content.map((item) => item.id)).toEqual([review.id]);
    expect(await ratingOf(setup.plan.id)).toEqual({ count: 1, sum: 4 });
  });

  it('refuses a player who never held the plan, and one who held it but never ran it, saying why', async () => {
    const setup = await givenPlanWithPlugin();
    const stranger = await givenUser(ctx);
    const idle = await givenPlayerWhoRan(setup, 0, { ran: false });

    const notSubscriber = await writeReview(stranger.id, setup.plan.id, { rating: 5 });
    expect(notSubscriber.statusCode).toBe(403);
    expect(notSubscriber.json()).toEqual({ message: REVIEW_NOT_SUBSCRIBER_MESSAGE });

    const neverRan = await writeReview(idle.id, setup.plan.id, { rating: 5 });
    expect(neverRan.statusCode).toBe(403);
    expect(neverRan.json()).toEqual({ message: REVIEW_NEVER_RAN_MESSAGE });
    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/api/shop/plans/${setup.plan.id}/reviews/mine`,
      headers: await headersFor(ctx, idle.id),
    });
    expect(mine.json()).toMatchObject({ canReview: false, refusal: REVIEW_NEVER_RAN_MESSAGE });

    // Another plan's plugin does not count.
    const other = await givenPlanWithPlugin();
    const elsewhere = await givenPlayerWhoRan(other, 3);
    await givenSubscription(ctx, { userId: elsewhere.id, planId: setup.plan.id, priceId: setup.price.id });
    expect((await writeReview(elsewhere.id, setup.plan.id, { rating: 5 })).json()).toEqual({
      message: REVIEW_NEVER_RAN_MESSAGE,
    });
    expect(await ratingOf(setup.plan.id)).toEqual({ count: 0, sum: 0 });
  });

  it('allows one review per player per plan, which its author edits', async () => {
    const setup = await givenPlanWithPlugin();
    const player = await givenPlayerWhoRan(setup, 2);
    const first = (
      await writeReview(player.id, setup.plan.id, { rating: 2, body: 'Meh.' })
    ).json<ReviewResponse>();

    const again = await writeReview(player.id, setup.plan.id, { rating: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: REVIEW_ALREADY_WRITTEN_MESSAGE });

    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/shop/reviews/${first.id}`,
      headers: await headersFor(ctx, player.id),
      payload: { rating: 5, body: 'Better after the update.' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ rating: 5, body: 'Better after the update.' });
    expect(await ratingOf(setup.plan.id)).toEqual({ count: 1, sum: 5 });

    const someoneElse = await givenUser(ctx);
    const notYours = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/shop/reviews/${first.id}`,
      headers: await headersFor(ctx, someoneElse.id),
      payload: { rating: 1 },
    });
    expect(notYours.statusCode).toBe(403);
  });

  it('refuses text that is too long or holds a link, and a rating outside 1-5, writing nothing', async () => {
    const setup = await givenPlanWithPlugin();
    const player = await givenPlayerWhoRan(setup, 1);
    const tooLong = await writeReview(player.id, setup.plan.id, { rating: 4, body: 'a'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ message: REVIEW_TOO_LONG_MESSAGE });
    for (const body of ['Get it at https://cheap.example', 'see www.elsewhere.net', 'visit plugins.gg now']) {
      const link = await writeReview(player.id, setup.plan.id, { rating: 4, body });
      expect(link.statusCode).toBe(400);
      expect(link.json()).toEqual({ message: REVIEW_LINK_MESSAGE });
    }
    expect((await writeReview(player.id, setup.plan.id, { rating: 6 })).statusCode).toBe(400);
    expect((await writeReview(player.id, setup.plan.id, { rating: 0 })).statusCode).toBe(400);
    expect(await ratingOf(setup.plan.id)).toEqual({ count: 0, sum: 0 });
    const guest = await ctx.app.inject({
      method: 'POST',
      url: `/api/shop/plans/${setup.plan.id}/reviews`,
      payload: { rating: 3 },
    });
    expect(guest.statusCode).toBe(401);
  });
});

describe('answering and hiding', () => {
  it('lets the plan developer answer a review once, and no one else', async () => {
    const setup = await givenPlanWithPlugin();
    const player = await givenPlayerWhoRan(setup, 5);
    const review = (await writeReview(player.id, setup.plan.id, { rating: 3 })).json<ReviewResponse>();
    const answer = async (userId: number, text: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/shop/reviews/${review.id}/answer`,
        headers: await headersFor(ctx, userId),
        payload: { answer: text },
      });

    expect((await answer(DEMO_USER_IDS.premium, 'Not my plan')).statusCode).toBe(403);
    expect((await answer(player.id, 'Self answer')).statusCode).toBe(403);
    const first = await answer(DEMO_USER_IDS.developer, 'Thanks, fixed in 1.2.');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ answer: 'Thanks, fixed in 1.2.' });
    const second = await answer(DEMO_USER_IDS.developer, 'And again');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: REVIEW_ALREADY_ANSWERED_MESSAGE });
    expect((await reviewsPage(setup.plan.id)).content[0]?.answer).toBe('Thanks, fixed in 1.2.');
  });

  it('lets staff hide a review with a reason, audited; it leaves the page and the numbers, and its author sees why', async () => {
    const setup = await givenPlanWithPlugin();
    const player = await givenPlayerWhoRan(setup, 5);
    const review = (
      await writeReview(player.id, setup.plan.id, { rating: 1, body: 'Rude words' })
    ).json<ReviewResponse>();
    const hide = async (userId: number, reason: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/shop/reviews/${review.id}/hide`,
        headers: await headersFor(ctx, userId),
        payload: { reason },
      });

    expect((await hide(DEMO_USER_IDS.developer, 'I dislike it')).statusCode).toBe(403);
    expect((await hide(DEMO_USER_IDS.staff, '   ')).statusCode).toBe(400);
    const hidden = await hide(DEMO_USER_IDS.staff, 'Insults another player.');
    expect(hidden.statusCode).toBe(200);

    expect((await reviewsPage(setup.plan.id)).content).toEqual([]);
    expect(await ratingOf(setup.plan.id)).toEqual({ count: 0, sum: 0 });
    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/api/shop/plans/${setup.plan.id}/reviews/mine`,
      headers: await headersFor(ctx, player.id),
    });
    expect(mine.json().review).toMatchObject({ id: review.id, hiddenReason: 'Insults another player.' });

    const events = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'review:hide'), eq(auditEvents.targetId, String(review.id))));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorId: DEMO_USER_IDS.staff,
      actorRole: 'STAFF',
      targetKind: 'review',
      after: { hiddenReason: 'Insults another player.' },
    });
  });

  it('pages the visible reviews newest first with the total from the plan', async () => {
    const setup = await givenPlanWithPlugin();
    const ids: number[] = [];
    for (const rating of [5, 4, 3]) {
      const player = await givenPlayerWhoRan(setup, 1);
      ids.push((await writeReview(player.id, setup.plan.id, { rating })).json<ReviewResponse>().id);
    }
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/shop/plans/${setup.plan.id}/reviews?page=1&size=2`,
    });
    const page = res.json<ReviewPage>();
    expect(page).toMatchObject({ totalElements: 3, totalPages: 2, summary: { average: 4, count: 3 } });
    expect(page.content.map((review) => review.id)).toEqual([ids[0]]);
  });

  it('tells the notification port once when the developer answers', async () => {
    const answered: object[] = [];
    const reviews = createReviewsService({
      db: ctx.database.db,
      clock: () => new Date(),
      facts: reviewFacts,
      findPlanRating,
      notifications: { onReviewAnswered: (event) => void answered.push(event) },
    });
    const setup = await givenPlanWithPlugin();
    const player = await givenPlayerWhoRan(setup, 1);
    const developer = { userId: DEMO_USER_IDS.developer, discordId: '0', roles: ['DEVELOPER' as const] };
    const review = await reviews.write(
      { userId: player.id, discordId: '1', roles: ['CUSTOMER'] },
      setup.plan.id,
      {
        rating: 5,
      },
    );
    await reviews.answer(developer, review.id, { answer: 'Thank you!' });
    await expect(reviews.answer(developer, review.id, { answer: 'Twice' })).rejects.toThrow(
      REVIEW_ALREADY_ANSWERED_MESSAGE,
    );
    expect(answered).toEqual([
      {
        reviewId: review.id,
        authorUserId: player.id,
        planId: setup.plan.id,
        planName: setup.plan.name,
        developer: expect.any(String),
      },
    ]);
  });

  it('keeps a page of reviews with its numbers until a review write drops it (the reviews cache)', async () => {
    const caches = createCacheRegistry();
    const reads: number[] = [];
    const reviews = createReviewsService({
      db: ctx.database.db,
      clock: () => new Date(),
      facts: reviewFacts,
      findPlanRating: (db, planId) => {
        reads.push(planId);
        return findPlanRating(db, planId);
      },
      pages: createKeyedCache({ name: 'reviews', ttlMs: 60_000, registry: caches }),
      invalidatePages: () => caches.invalidate('reviews'),
    });
    const setup = await givenPlanWithPlugin();
    const first = await givenPlayerWhoRan(setup, 1);
    const second = await givenPlayerWhoRan(setup, 1);
    const customer = (userId: number) => ({
      userId,
      discordId: String(userId),
      roles: ['CUSTOMER' as const],
    });
    await reviews.write(customer(first.id), setup.plan.id, { rating: 5 });

    expect((await reviews.page(setup.plan.id, 0, 10)).summary).toEqual({ average: 5, count: 1 });
    expect((await reviews.page(setup.plan.id, 0, 10)).summary).toEqual({ average: 5, count: 1 });
    expect(reads).toHaveLength(1);

    const written = await reviews.write(customer(second.id), setup.plan.id, { rating: 2, body: 'Crashes' });
    const after = await reviews.page(setup.plan.id, 0, 10);
    expect(after.summary).toEqual({ average: 3.5, count: 2 });
    expect(after.content[0]).toMatchObject({ id: written.id, body: 'Crashes' });

    await reviews.edit(customer(second.id), written.id, { rating: 4, body: 'Fixed now' });
    expect((await reviews.page(setup.plan.id, 0, 10)).content[0]).toMatchObject({
      rating: 4,
      body: 'Fixed now',
    });
    await expect(reviews.page(0x7fffffff, 0, 10)).rejects.toThrow('Plan not found.');
  });
});
