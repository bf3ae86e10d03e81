import { SUGGESTION_QUERY_MESSAGE, type Suggestions } from '@ember/contracts/shop-suggestions';
import { plans } from '@ember/db/schema/catalog';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/test-app.ts';
import { givenPlanOnSale, givenUser } from '../../../test-support/test-data.ts';
import { createCacheRegistry } from '../../lib/cache/cache-registry.ts';
import { createPlanSuggestions } from './plan-suggestions.ts';

const ctx = useTestApp();

const suggest = (q: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/shop/plans/suggestions?q=${encodeURIComponent(q)}` });

describe('GET /plans/suggestions (suggestions as one types, issue 35)', () => {
  it('suggests plans on sale and developers with a word starting with the typed text, any case', async () => {
    const developer = await givenUser(ctx, { displayName: 'Zephyrine Tools' });
    const fighter = await givenPlanOnSale(ctx, { ownerId: developer.id, name: 'Zephyr Auto-Fighter' });
    const miner = await givenPlanOnSale(ctx, { ownerId: developer.id, name: 'Quiet zephyr miner' });
    await givenPlanOnSale(ctx, { ownerId: developer.id, name: 'Unzephyred' });
    const hidden = await givenPlanOnSale(ctx, { ownerId: developer.id, name: 'Zephyr hidden' });
    await ctx.database.db.update(plans).set({ hidden: true }).where(eq(plans.id, hidden.id));

    const res = await suggest('ZEPHY');
    expect(res.statusCode).toBe(200);
    const found = res.json<Suggestions>();
    // In the order of the matching word starts: 'zephyr auto-fighter' before 'zephyr miner'.
    expect(found.plans).toEqual([
      { id: fighter.id, name: 'Zephyr Auto-Fighter' },
      { id: miner.id, name: 'Quiet zephyr miner' },
    ]);
    expect(found.developers).toEqual([{ id: developer.id, name: 'Zephyrine Tools' }]);
    expect((await suggest('fight')).json<Suggestions>().plans).toEqual([
      { id: fighter.id, name: 'Zephyr Auto-Fighter' },
    ]);
    expect(await suggest('qqqxyz').then((r) => r.json())).toEqual({ plans: [], developers: [] });
  });

  it('refuses an empty or overlong text with a 400 that says why', async () => {
    for (const q of ['', '   ', 'x'.repeat(101)]) {
      const res = await suggest(q);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(SUGGESTION_QUERY_MESSAGE);
    }
  });

  it('learns a renamed plan after the catalog name is dropped', async () => {
    const caches = createCacheRegistry();
    const suggestions = createPlanSuggestions({
      db: ctx.database.db,
      ownerName: (owner) => owner.displayName,
      usable: () => caches.caching,
    });
    caches.subscribe('catalog', () => suggestions.invalidate());
    const developer = await givenUser(ctx);
    const plan = await givenPlanOnSale(ctx, { ownerId: developer.id, name: 'Yarrowleaf Before' });
    expect((await suggestions.suggest('yarrowleaf')).plans).toEqual([
      { id: plan.id, name: 'Yarrowleaf Before' },
    ]);
    await ctx.database.db.update(plans).set({ name: 'Yarrowroot After' }).where(eq(plans.id, plan.id));
    await caches.invalidate('catalog');
    await suggestions.suggest('yarrow'); // starts the build; the previous index answers meanwhile
    await expect
      .poll(async () => (await suggestions.suggest('yarrowroot')).plans, { timeout: 10_000 })
      .toEqual([{ id: plan.id, name: 'Yarrowroot After' }]);
  });
});
