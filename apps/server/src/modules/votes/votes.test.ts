import { VOTE_COOLDOWN_MESSAGE } from '@ember/contracts/votes';
import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { appSettings } from '@ember/db/schema/settings';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { headersFor } from '../../../test-support/auth.ts';
import { createTestApp, type TestContext } from '../../../test-support/test-app.ts';
import { daysFromNow, givenPriceOf, givenSubscription, givenUser } from '../../../test-support/test-data.ts';
import { DEFAULT_VOTE_REWARD } from './vote-reward.ts';
import { expireDateOf, voteAuditEventsOf, votesOf } from './votes.fixtures.ts';
import { VOTE_REWARD_SETTING_KEY } from './votes.repository.ts';
import { createVotesService } from './votes.service.ts';

const HOUR_MS = 3_600_000;
let ctx: TestContext;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

beforeAll(async () => {
  ctx = await createTestApp({}, { clock });
});

afterAll(async () => {
  await ctx?.close();
});

afterEach(async () => {
  offsetMs = 0;
  await ctx.database.db.delete(appSettings).where(eq(appSettings.key, VOTE_REWARD_SETTING_KEY));
});

const vote = async (userId: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/shop/votes',
    headers: await headersFor(ctx, userId, { clock }),
  });

const statusOf = async (userId: number) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/shop/votes/me',
    headers: await headersFor(ctx, userId, { clock }),
  });

/** A voter with a running 30-day subscription, a lifetime one and an expired one. */
async function givenSubscriber() {
  const voter = await givenUser(ctx);
  const { plan, price } = await givenPriceOf(ctx, DEMO_USER_IDS.developer);
  const running = await givenSubscription(ctx, { userId: voter.id, planId: plan.id, priceId: price.id });
  const lifetime = await givenSubscription(ctx, {
    userId: voter.id,
    planId: plan.id,
    priceId: price.id,
    expireDate: null,
  });
  const expired = await givenSubscription(ctx, {
    userId: voter.id,
    planId: plan.id,
    priceId: price.id,
    startDate: daysFromNow(-40),
    expireDate: daysFromNow(-10),
  });
  return { voter, plan, price, running, lifetime, expired };
}

describe('POST /votes', () => {
  it('refuses a guest', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/shop/votes' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'You must be logged in to perform this action.' });
  });

  it("records the vote and adds the reward hours to the voter's running subscriptions only", async () => {
    const { voter, running, lifetime, expired, plan, price } = await givenSubscriber();
    const someoneElse = await givenUser(ctx);
    const theirs = await givenSubscription(ctx, {
      userId: someoneElse.id,
      planId: plan.id,
      priceId: price.id,
    });

    const res = await vote(voter.id);

    expect(res.statusCode).toBe(201);
    const body = res.json();
    const votedAt = new Date(body.votedAt).getTime();
    expect(body).toMatchObject({
      rewardHours: DEFAULT_VOTE_REWARD.hours,
      subscriptionsExtended: 1,
      extraSessions: DEFAULT_VOTE_REWARD.extraSessions,
      nextVoteAt: new Date(votedAt + 4 * HOUR_MS).toISOString(),
      extraSessionsUntil: new Date(votedAt + DEFAULT_VOTE_REWARD.extraSessionsHours * HOUR_MS).toISOString(),
    });
    expect((await expireDateOf(ctx, running.id))?.getTime()).toBe(
      (running.expireDate as Date).getTime() + DEFAULT_VOTE_REWARD.hours * HOUR_MS,
    );
    expect(await expireDateOf(ctx, lifetime.id)).toBeNull();
    expect(await expireDateOf(ctx, expired.id)).toEqual(expired.expireDate);
    expect(await expireDateOf(ctx, theirs.id)).toEqual(theirs.expireDate);

    const [row] = await votesOf(ctx, voter.id);
    expect(row).toMatchObject({ id: body.id, rewardHours: 2, extraSessions: 1 });
  });

  it('writes an audit event with the voter, the vote and the reward, in the same transaction', async () => {
    const { voter, running } = await givenSubscriber();
    const res = await vote(voter.id);
    const events = await voteAuditEventsOf(ctx, voter.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorRole: 'CUSTOMER',
      targetKind: 'VOTE',
      targetId: String(res.json().id),
      after: { rewardHours: 2, subscriptionIds: [running.id], extraSessions: 1 },
    });
  });

  it('refuses a second vote within 4 hours with the message and the time of the next vote, changing nothing', async () => {
    const { voter, running } = await givenSubscriber();
    const first = await vote(voter.id);
    const afterFirst = await expireDateOf(ctx, running.id);
    offsetMs = 3 * HOUR_MS;

    const second = await vote(voter.id);

    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({ message: VOTE_COOLDOWN_MESSAGE });
    expect(VOTE_COOLDOWN_MESSAGE).toBe('You can only vote every 4 hours.');
    const retryAfter = Number(second.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(HOUR_MS / 1000 - 5);
    expect(retryAfter).toBeLessThanOrEqual(HOUR_MS / 1000);
    const status = (await statusOf(voter.id)).json();
    expect(status.nextVoteAt).toBe(first.json().nextVoteAt);
    expect(await expireDateOf(ctx, running.id)).toEqual(afterFirst);
    expect(await votesOf(ctx, voter.id)).toHaveLength(1);
    expect(await voteAuditEventsOf(ctx, voter.id)).toHaveLength(1);
  });

  it('accepts the next vote once 4 hours have passed and rewards it again', async () => {
    const { voter, running } = await givenSubscriber();
    await vote(voter.id);
    offsetMs = 4 * HOUR_MS + 1000;
    const again = await vote(voter.id);
    expect(again.statusCode).toBe(201);
    expect((await expireDateOf(ctx, running.id))?.getTime()).toBe(
      (running.expireDate as Date).getTime() + 2 * DEFAULT_VOTE_REWARD.hours * HOUR_MS,
    );
    expect(await votesOf(ctx, voter.id)).toHaveLength(2);
  });

  it('gives a voter without subscriptions the extra sessions and no hours', async () => {
    const voter = await givenUser(ctx);
    const res = await vote(voter.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ rewardHours: 0, subscriptionsExtended: 0, extraSessions: 1 });
  });

  it('applies the reward configured in the vote_reward app setting', async () => {
    await ctx.database.db.insert(appSettings).values({
      key: VOTE_REWARD_SETTING_KEY,
      value: { hours: 5, extraSessions: 3, extraSessionsHours: 24 },
    });
    const { voter, running } = await givenSubscriber();
    const res = await vote(voter.id);
    expect(res.json()).toMatchObject({ rewardHours: 5, extraSessions: 3 });
    expect((await expireDateOf(ctx, running.id))?.getTime()).toBe(
      (running.expireDate as Date).getTime() + 5 * HOUR_MS,
    );
    expect((await statusOf(voter.id)).json().reward).toEqual({
      hours: 5,
      extraSessions: 3,
      extraSessionsHours: 24,
    });
  });

  it('falls back to the default reward when the setting is malformed', async () => {
    await ctx.database.db.insert(appSettings).values({ key: VOTE_REWARD_SETTING_KEY, value: { hours: -1 } });
    const voter = await givenUser(ctx);
    expect((await statusOf(voter.id)).json().reward).toEqual(DEFAULT_VOTE_REWARD);
  });
});

describe('GET /votes/me', () => {
  it('says a new voter may vote now, then when the next vote is due', async () => {
    const voter = await givenUser(ctx);
    expect((await statusOf(voter.id)).json()).toEqual({
      lastVotedAt: null,
      nextVoteAt: null,
      reward: DEFAULT_VOTE_REWARD,
    });
    const cast = (await vote(voter.id)).json();
    expect((await statusOf(voter.id)).json()).toMatchObject({
      lastVotedAt: cast.votedAt,
      nextVoteAt: cast.nextVoteAt,
    });
  });

  it('refuses a guest', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/shop/votes/me' })).statusCode).toBe(401);
  });
});

describe('extra sessions for the client API', () => {
  it('counts the extra sessions of votes whose reward still runs', async () => {
    const voter = await givenUser(ctx);
    const votes = createVotesService({
      db: ctx.database.db,
      clock,
      subscriptions: { addVoteRewardHours: async () => [] },
      warn: () => {},
    });
    expect(await votes.extraSessionsOf(voter.id)).toBe(0);
    await vote(voter.id);
    expect(await votes.extraSessionsOf(voter.id)).toBe(1);
    offsetMs = DEFAULT_VOTE_REWARD.extraSessionsHours * HOUR_MS + 1000;
    expect(await votes.extraSessionsOf(voter.id)).toBe(0);
  });
});
