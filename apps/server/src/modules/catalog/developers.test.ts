import { DEVELOPER_NOT_FOUND_MESSAGE, type DeveloperProfile } from '@ember/contracts/developer-profile';
import { plans } from '@ember/db/schema/catalog';
import { pluginVersions } from '@ember/db/schema/delivery';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/test-app.ts';
import { givenPlan, givenPluginOnPrice, givenPrice, givenUser } from '../../../test-support/test-data.ts';

const ctx = useTestApp();

const DAY_MS = 86_400_000;
const SHA = 'a'.repeat(64);
const profileOf = (id: number | string) =>
  ctx.app.inject({ method: 'GET', url: `/api/shop/developers/${id}` });

/** Versions of a plugin published `daysAgo` days before now. */
async function givenVersions(pluginId: number, daysAgo: number[]) {
  const now = Date.now();
  await ctx.database.db.insert(pluginVersions).values(
    daysAgo.map((days, index) => ({
      pluginId,
      version: `1.${index}.0`,
      artifactSha256: SHA,
      artifactSize: 1,
      createdAt: new Date(now - days * DAY_MS),
    })),
  );
}

describe('GET /developers/:id (a developer page, issue 35)', () => {
  it('lists the plans on sale, says since when the developer publishes and how often the plugins update', async () => {
    const developer = await givenUser(ctx, { displayName: 'Rhythm Dev', roles: ['CUSTOMER', 'DEVELOPER'] });
    const firstCreated = new Date(Date.now() - 400 * DAY_MS);
    const onSale = await givenPlan(ctx, {
      ownerId: developer.id,
      name: 'Bravo Rhythm',
      createdAt: firstCreated,
    });
    const price = await givenPrice(ctx, { planId: onSale.id, enabled: true, hidden: false });
    const other = await givenPlan(ctx, { ownerId: developer.id, name: 'Alpha Rhythm' });
    await givenPrice(ctx, { planId: other.id, enabled: true, hidden: false });
    const hidden = await givenPlan(ctx, { ownerId: developer.id, name: 'Hidden Rhythm', hidden: true });
    const hiddenPrice = await givenPrice(ctx, { planId: hidden.id });
    const plugin = await givenPluginOnPrice(
      ctx,
      { id: price.id, ownerId: developer.id },
      { name: 'Rhythm plugin', description: 'x', sessionLimit: 0 },
    );
    await givenVersions(plugin.id, [30, 21, 12, 3]);
    // A plugin only a hidden plan grants is not measured: a buyer cannot get it.
    const unseen = await givenPluginOnPrice(
      ctx,
      { id: hiddenPrice.id, ownerId: developer.id },
      { name: 'Unseen plugin', description: 'x', sessionLimit: 0 },
    );
    await givenVersions(unseen.id, [2, 1]);

    const res = await profileOf(developer.id);
    expect(res.statusCode).toBe(200);
    const profile = res.json<DeveloperProfile>();
    expect(profile).toMatchObject({
      id: developer.id,
      name: 'Rhythm Dev',
      publishingSince: firstCreated.toISOString(),
      updates: { versions: 4, everyDays: 9 },
    });
    expect(profile.plans.map((plan) => plan.name)).toEqual(['Alpha Rhythm', 'Bravo Rhythm']);
    expect(new Date(profile.updates.lastPublishedAt ?? 0).getTime()).toBeGreaterThan(Date.now() - 4 * DAY_MS);
  });

  it('shows a developer whose plans are all off sale with none listed, and no rhythm', async () => {
    const developer = await givenUser(ctx, { displayName: 'Quiet Dev' });
    const plan = await givenPlan(ctx, { ownerId: developer.id, name: 'Quiet plan' });
    await ctx.database.db.update(plans).set({ hidden: true }).where(eq(plans.id, plan.id));
    const profile = (await profileOf(developer.id)).json<DeveloperProfile>();
    expect(profile.plans).toEqual([]);
    expect(profile.updates).toEqual({ versions: 0, lastPublishedAt: null, everyDays: null });
  });

  it('is a 404 for a user who never had a plan, and a 400 for an id that is none', async () => {
    const player = await givenUser(ctx);
    const missing = await profileOf(player.id);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: DEVELOPER_NOT_FOUND_MESSAGE });
    expect((await profileOf('abc')).statusCode).toBe(400);
    expect((await profileOf('0')).statusCode).toBe(400);
  });
});
