import { DISCORD_ID_REQUIRED_MESSAGE, UNKNOWN_DISCORD_ID_MESSAGE } from '@ember/contracts/catalog';
import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { describe, expect, it } from 'vitest';
import { asUser } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { givenPlan, givenPrice, givenUser } from '../../../test-support/test-data.ts';

const ctx = useTestApp();

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url: `/api/shop${url}`, headers });

/** A fresh plan and price of the demo developer, so every case starts from empty lists. */
async function listOwner(level: 'plans' | 'prices') {
  const plan = await givenPlan(ctx, { ownerId: DEMO_USER_IDS.developer });
  if (level === 'plans') return plan.id;
  return (await givenPrice(ctx, { planId: plan.id })).id;
}

describe.each([
  ['plans', 'whitelist', 'blacklist'],
  ['plans', 'blacklist', 'whitelist'],
  ['prices', 'whitelist', 'blacklist'],
  ['prices', 'blacklist', 'whitelist'],
] as const)('/%s/{id}/%s', (level, list, otherList) => {
  const level1 = level === 'plans' ? 'plan' : 'price';

  it('lets the owner add by Discord id, list, and remove', async () => {
    const id = await listOwner(level);
    const user = await givenUser(ctx, { username: 'listed', displayName: 'Listed Lu' });
    const owner = await asUser(ctx, 'developer');

    const added = await call('POST', `/${level}/${id}/${list}?discordId=${user.discordId}`, owner);
    expect(added.statusCode, added.body).toBe(201);
    const entry = {
      id: expect.any(Number),
      userId: user.id,
      discordId: user.discordId,
      username: 'listed',
      displayName: 'Listed Lu',
    };
    expect(added.json()).toEqual(entry);

    const listed = await call('GET', `/${level}/${id}/${list}`, owner);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([entry]);
    expect((await call('GET', `/${level}/${id}/${otherList}`, owner)).json()).toEqual([]);

    const removed = await call('DELETE', `/${level}/${id}/${list}/${user.id}`, owner);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', `/${level}/${id}/${list}`, owner)).json()).toEqual([]);
    const again = await call('DELETE', `/${level}/${id}/${list}/${user.id}`, owner);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: `That user is not on the ${list} of this ${level1}.` });
  });

  it('answers the spec messages for a missing id and an unknown user, and 409 for a duplicate', async () => {
    const id = await listOwner(level);
    const owner = await asUser(ctx, 'developer');
    for (const query of ['', '?discordId=', '?discordId=%20%20']) {
      const res = await call('POST', `/${level}/${id}/${list}${query}`, owner);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: DISCORD_ID_REQUIRED_MESSAGE });
    }
    const unknown = await call('POST', `/${level}/${id}/${list}?discordId=123456789012345678`, owner);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: UNKNOWN_DISCORD_ID_MESSAGE });

    const user = await givenUser(ctx);
    expect(
      (await call('POST', `/${level}/${id}/${list}?discordId=${user.discordId}`, owner)).statusCode,
    ).toBe(201);
    const duplicate = await call('POST', `/${level}/${id}/${list}?discordId=${user.discordId}`, owner);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: `That user is already on the ${list} of this ${level1}.` });

    const onBoth = await call('POST', `/${level}/${id}/${otherList}?discordId=${user.discordId}`, owner);
    expect(onBoth.statusCode).toBe(409);
    expect(onBoth.json()).toEqual({
      message: `That user is on the ${list} of this ${level1}. Remove them from it first.`,
    });
  });

  it('is for the owner and admins only', async () => {
    const id = await listOwner(level);
    const user = await givenUser(ctx);
    const other = await asUser(ctx, 'premium');
    expect((await call('GET', `/${level}/${id}/${list}`, other)).statusCode).toBe(403);
    expect(
      (await call('POST', `/${level}/${id}/${list}?discordId=${user.discordId}`, other)).statusCode,
    ).toBe(403);
    expect((await call('GET', `/${level}/${id}/${list}`, await asUser(ctx, 'customer'))).statusCode).toBe(
      403,
    );
    expect((await call('GET', `/${level}/${id}/${list}`)).statusCode).toBe(401);

    const admin = await asUser(ctx, 'admin');
    expect(
      (await call('POST', `/${level}/${id}/${list}?discordId=${user.discordId}`, admin)).statusCode,
    ).toBe(201);
    expect((await call('DELETE', `/${level}/${id}/${list}/${user.id}`, other)).statusCode).toBe(403);
    expect((await call('DELETE', `/${level}/${id}/${list}/${user.id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/${level}/2147483647/${list}`, admin)).statusCode).toBe(404);
  });
});
