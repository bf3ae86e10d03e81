import { subscriptionResponse } from '@ember/contracts/subscriptions';
import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { describe, expect, it } from 'vitest';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { daysFromNow, givenPriceOf, givenSubscription, givenUser } from '../../../test-support/test-data.ts';
import { REFUSAL_MESSAGES } from '../../policy/refusals.ts';

const NOT_YOURS = REFUSAL_MESSAGES.NOT_YOURS;

const ctx = useTestApp();

const U = DEMO_USER_IDS;
const get = (headers: Record<string, string>, url: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/shop${url}`, headers });

describe('GET /subscriptions/my', () => {
  it("lists the caller's subscriptions in every state, newest purchase first, in the contract shape", async () => {
    const res = await get(await asUser(ctx, 'customer'), '/subscriptions/my');
    expect(res.statusCode).toBe(200);
    const subs = res.json();
    for (const sub of subs) expect(() => subscriptionResponse.parse(sub)).not.toThrow();
    expect(subs.every((sub: { user: { id: number } }) => sub.user.id === U.customer)).toBe(true);
    expect(new Set(subs.map((sub: { status: string }) => sub.status))).toEqual(
      new Set(['Active', 'Paused', 'Expired', 'Refunded']),
    );
    const dates = subs.map((sub: { purchaseDate: string }) => Date.parse(sub.purchaseDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(subs.find((sub: { giftedBy: unknown }) => sub.giftedBy !== null)?.giftedBy).toMatchObject({
      id: U.vip,
    });
    expect(subs.find((sub: { extended: boolean }) => sub.extended)).toBeDefined();
    expect(subs.find((sub: { refunded: number }) => sub.refunded > 0)).toMatchObject({ status: 'Refunded' });
  });

  it('needs a signed-in caller', async () => {
    expect((await get({}, '/subscriptions/my')).statusCode).toBe(401);
  });
});

describe('GET /subscriptions/by-user/{userId}', () => {
  it('shows your own list, and any list to admins', async () => {
    expect(
      (await get(await asUser(ctx, 'customer'), `/subscriptions/by-user/${U.customer}`)).statusCode,
    ).toBe(200);
    const admin = await get(await asUser(ctx, 'admin'), `/subscriptions/by-user/${U.customer}`);
    expect(admin.statusCode).toBe(200);
    expect(admin.json().length).toBeGreaterThan(3);
  });

  it("refuses another user's list", async () => {
    const res = await get(await asUser(ctx, 'vip'), `/subscriptions/by-user/${U.customer}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(NOT_YOURS);
  });
});

describe('GET /subscriptions/by-price/{priceId}', () => {
  it('pages the subscriptions for the price owner, newest first by default, sortable by username', async () => {
    const developer = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'] });
    const { plan, price } = await givenPriceOf(ctx, developer.id);
    const names = ['carol', 'alice', 'bob'];
    for (const [index, username] of names.entries()) {
      const user = await givenUser(ctx, { username: `${username}${developer.id}` });
      await givenSubscription(ctx, {
        userId: user.id,
        planId: plan.id,
        priceId: price.id,
        startDate: daysFromNow(-index),
      });
    }
    const headers = await headersFor(ctx, developer.id);
    const page = await get(headers, `/subscriptions/by-price/${price.id}?size=2`);
    expect(page.statusCode).toBe(200);
    expect(page.json().totalPages).toBe(2);
    expect(page.json().content.map((sub: { user: { username: string } }) => sub.user.username)).toEqual([
      `carol${developer.id}`,
      `alice${developer.id}`,
    ]);
    const byName = await get(headers, `/subscriptions/by-price/${price.id}?sort=user.username,asc&size=10`);
    expect(byName.json().content.map((sub: { user: { username: string } }) => sub.user.username)).toEqual(
      ['alice', 'bob', 'carol'].map((name) => `${name}${developer.id}`),
    );
    const byDiscordId = await get(headers, `/subscriptions/by-price/${price.id}?sort=user.discordId,desc`);
    const ids = byDiscordId.json().content.map((sub: { user: { discordId: string } }) => sub.user.discordId);
    expect(ids).toEqual([...ids].sort().reverse());
  });

  it('reads at most 100 at once (the biggest table page), and refuses a bigger page or an unknown sort', async () => {
    const admin = await asUser(ctx, 'admin');
    expect((await get(admin, '/subscriptions/by-price/1?page=0&size=100')).statusCode).toBe(200);
    const tooBig = await get(admin, '/subscriptions/by-price/1?size=101');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe('The page size must be a whole number from 1 to 100.');
    const badSort = await get(admin, '/subscriptions/by-price/1?sort=purchasePrice,desc');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().message).toMatch(/Cannot sort by 'purchasePrice'/);
  });

  it('searches by part of the username or display name (any case) or the exact Discord id; wildcards are literal', async () => {
    const developer = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'] });
    const { plan, price } = await givenPriceOf(ctx, developer.id);
    const holders = [
      { username: `Zephyr${developer.id}`, displayName: 'Zed' },
      { username: `mira${developer.id}`, displayName: 'Mira Stormcaller' },
      { username: `under_score${developer.id}`, displayName: '100% sure' },
      { username: `underXscore${developer.id}`, displayName: '100 percent' },
    ];
    const users = [];
    for (const holder of holders) {
      const user = await givenUser(ctx, holder);
      users.push(user);
      await givenSubscription(ctx, { userId: user.id, planId: plan.id, priceId: price.id });
    }
    const headers = await headersFor(ctx, developer.id);
    const search = async (text: string) => {
      const res = await get(
        headers,
        `/subscriptions/by-price/${price.id}?sort=user.username,asc&search=${encodeURIComponent(text)}`,
      );
      expect(res.statusCode).toBe(200);
      return res
        .json()
        .content.map((sub: { user: { username: string } }) => sub.user.username)
        .sort();
    };

    expect(await search(`  zEPHYR${developer.id} `)).toEqual([`Zephyr${developer.id}`]);
    expect(await search('stormCALL')).toEqual([`mira${developer.id}`]);
    expect(await search(users[1]?.discordId ?? '')).toEqual([`mira${developer.id}`]);
    expect(await search(users[1]?.discordId.slice(0, 10) ?? '')).toEqual([]);
    expect(await search('r_s')).toEqual([`under_score${developer.id}`]);
    expect(await search('100%')).toEqual([`under_score${developer.id}`]);
    expect(await search('')).toHaveLength(4);

    const tooLong = await get(headers, `/subscriptions/by-price/${price.id}?search=${'a'.repeat(101)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('The search can be at most 100 characters.');
    const other = await get(
      await asUser(ctx, 'developer'),
      `/subscriptions/by-price/${price.id}?search=mira`,
    );
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(NOT_YOURS);
  });

  it('is refused to other developers and customers; 404 for an unknown price', async () => {
    expect((await get(await asUser(ctx, 'developer'), '/subscriptions/by-price/1')).statusCode).toBe(403);
    expect((await get(await asUser(ctx, 'customer'), '/subscriptions/by-price/1')).statusCode).toBe(403);
    expect((await get(await headersFor(ctx, U.mossforge), '/subscriptions/by-price/1')).statusCode).toBe(200);
    expect((await get(await asUser(ctx, 'admin'), '/subscriptions/by-price/99999')).statusCode).toBe(404);
  });
});

describe('GET /subscriptions/by-plan/{planId}', () => {
  it('answers pages, newest purchase first, each subscription on exactly one page', async () => {
    const admin = await asUser(ctx, 'admin');
    const all = (await get(admin, '/subscriptions/by-plan/1?size=100')).json();
    expect(all.totalPages).toBe(1);
    const ids: number[] = [];
    for (let page = 0; page < all.content.length; page++) {
      const one = (await get(admin, `/subscriptions/by-plan/1?page=${page}&size=1`)).json();
      expect(one.totalPages).toBe(all.content.length);
      ids.push(...one.content.map((sub: { id: number }) => sub.id));
    }
    expect(ids).toEqual(all.content.map((sub: { id: number }) => sub.id));
    const dates = all.content.map((sub: { purchaseDate: string }) => sub.purchaseDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await get(admin, '/subscriptions/by-plan/1?size=101')).statusCode).toBe(400);
  });

  it('lists the plan subscriptions to its owner and admins only', async () => {
    const owner = await get(await headersFor(ctx, U.mossforge), '/subscriptions/by-plan/1');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().content.length).toBeGreaterThan(0);
    expect(owner.json().content.every((sub: { planId: number }) => sub.planId === 1)).toBe(true);
    expect((await get(await asUser(ctx, 'admin'), '/subscriptions/by-plan/1')).statusCode).toBe(200);
    expect((await get(await asUser(ctx, 'developer'), '/subscriptions/by-plan/1')).statusCode).toBe(403);
    expect((await get(await asUser(ctx, 'admin'), '/subscriptions/by-plan/99999')).statusCode).toBe(404);
  });
});

describe('GET /subscriptions/{id}', () => {
  it('shows a subscription to its subscriber, the plan owner and admins, and no one else', async () => {
    const user = await givenUser(ctx);
    const sub = await givenSubscription(ctx, { userId: user.id, planId: 1, priceId: 1 });
    expect((await get(await headersFor(ctx, user.id), `/subscriptions/${sub.id}`)).json()).toMatchObject({
      id: sub.id,
      planName: 'Rooftop Runner',
      status: 'Active',
    });
    expect((await get(await headersFor(ctx, U.mossforge), `/subscriptions/${sub.id}`)).statusCode).toBe(200);
    expect((await get(await asUser(ctx, 'admin'), `/subscriptions/${sub.id}`)).statusCode).toBe(200);
    expect((await get(await asUser(ctx, 'customer'), `/subscriptions/${sub.id}`)).statusCode).toBe(403);
    expect((await get(await asUser(ctx, 'developer'), `/subscriptions/${sub.id}`)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await get(await asUser(ctx, 'admin'), '/subscriptions/999999')).statusCode).toBe(404);
    const bad = await get(await asUser(ctx, 'admin'), '/subscriptions/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The subscription id must be a positive whole number.');
  });
});
