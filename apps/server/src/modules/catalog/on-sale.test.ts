import {
  type CreatePriceBody,
  createPlanBody,
  createPriceBody,
  type PlanResponse,
  plansQuery,
  updatePriceBody,
} from '@ember/contracts/catalog';
import { plans } from '@ember/db/schema/catalog';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { headersFor } from '../../../test-support/auth.ts';
import { catalogPorts } from '../../../test-support/catalog-ports.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { givenPrice, givenUser } from '../../../test-support/test-data.ts';
import { createCacheRegistry } from '../../lib/cache/cache-registry.ts';
import type { Principal } from '../../policy/identity.ts';
import { createCatalogServices } from './catalog-services.ts';

// Issue 26, item 2 (decision 0031): a plan is on sale, and so listed, searched, counted, offered in
// the developer filter and put in the sitemap, only while it has a buyable price (enabled, shown).

const ctx = useTestApp({ PUBLIC_URL: 'https://store.example' });

const priceBody = (planId: number): CreatePriceBody => ({
  planId,
  name: 'Monthly',
  description: 'One month.',
  period: 'MONTHLY',
  price: 700,
  promoExtraDays: 0,
  promoDiscountPercent: 0,
  vipOnly: false,
  extensionPrice: null,
  extensionAllowed: false,
  slots: null,
  exposeSubCount: false,
  enabled: true,
  hidden: false,
});

/** What a guest sees of one plan: in the search, the count, the developer filter, the whole list and the sitemap. */
async function guestView(plan: { id: number; name: string }, ownerDiscordId: string) {
  const search = (
    await ctx.app.inject({ method: 'GET', url: `/api/shop/plans?name=${encodeURIComponent(plan.name)}` })
  ).json() as { content: PlanResponse[]; totalPages: number };
  const byOwner = (
    await ctx.app.inject({ method: 'GET', url: `/api/shop/plans?discordIds=${ownerDiscordId}` })
  ).json() as { content: PlanResponse[] };
  const developers = (await ctx.app.inject({ method: 'GET', url: '/api/shop/plans/developers' })).json() as {
    discordId: string;
  }[];
  const sitemap = (await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
  return {
    searched: search.content.map((listed) => listed.id),
    counted: search.totalPages,
    byOwner: byOwner.content.map((listed) => listed.id),
    inDeveloperFilter: developers.some((developer) => developer.discordId === ownerDiscordId),
    inSitemap: sitemap.includes(`<loc>https://store.example/shop/${plan.id}</loc>`),
  };
}

const onSale = (id: number) => ({
  searched: [id],
  counted: 1,
  byOwner: [id],
  inDeveloperFilter: true,
  inSitemap: true,
});
const notOnSale = { searched: [], counted: 0, byOwner: [], inDeveloperFilter: false, inSitemap: false };

describe('a plan on sale', () => {
  it('is a plan with a buyable price: out until a price is enabled and shown, out again when it is not', async () => {
    const owner = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'], displayName: 'Onsale Olga' });
    const headers = await headersFor(ctx, owner.id);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/shop/plans',
      headers,
      payload: { name: 'Onsale Garnet Helper', description: 'Helps.', tags: [] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const plan = created.json() as PlanResponse;
    expect(await guestView(plan, owner.discordId)).toEqual(notOnSale);

    // A new price starts disabled and hidden (spec §4): still nothing to buy.
    const price = await ctx.app.inject({
      method: 'POST',
      url: '/api/shop/prices',
      headers,
      payload: priceBody(plan.id),
    });
    expect(price.statusCode, price.body).toBe(201);
    const priceId = price.json().id as number;
    expect(await guestView(plan, owner.discordId)).toEqual(notOnSale);

    const update = (change: Partial<CreatePriceBody>) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/shop/prices/${priceId}`,
        headers,
        payload: { ...priceBody(plan.id), priceId, ...change },
      });
    expect((await update({ enabled: true, hidden: false })).statusCode).toBe(200);
    expect(await guestView(plan, owner.discordId)).toEqual(onSale(plan.id));

    expect((await update({ enabled: false })).statusCode).toBe(200);
    expect(await guestView(plan, owner.discordId)).toEqual(notOnSale);

    expect((await update({ enabled: true, hidden: true })).statusCode).toBe(200);
    expect(await guestView(plan, owner.discordId)).toEqual(notOnSale);

    expect((await update({ enabled: true, hidden: false })).statusCode).toBe(200);
    expect(await guestView(plan, owner.discordId)).toEqual(onSale(plan.id));

    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/shop/prices/${priceId}`, headers });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await guestView(plan, owner.discordId)).toEqual(notOnSale);

    // The owner still has it, and reads why it is not on sale: no price a buyer can see.
    const mine = (
      await ctx.app.inject({ method: 'GET', url: '/api/shop/plans/my', headers })
    ).json() as PlanResponse[];
    expect(mine.find((own) => own.id === plan.id)).toMatchObject({
      hidden: false,
      enabled: true,
      fromPrice: null,
    });
  });

  it('is counted by the database whatever writes the prices, concurrent changes included', async () => {
    const owner = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'] });
    const [plan] = await ctx.database.db
      .insert(plans)
      .values({ ownerId: owner.id, name: 'Onsale Counted Helper' })
      .returning();
    if (!plan) throw new Error('no plan');
    const listedOf = async () => {
      const [row] = await ctx.database.db
        .select({ listedPrices: plans.listedPrices, onSale: plans.onSale })
        .from(plans)
        .where(eq(plans.id, plan.id));
      return row;
    };
    const headers = await headersFor(ctx, owner.id);
    const made = await Promise.all(
      Array.from({ length: 6 }, () => givenPrice(ctx, { planId: plan.id, enabled: false, hidden: true })),
    );
    expect(await listedOf()).toEqual({ listedPrices: 0, onSale: false });
    const show = (priceId: number, visible: boolean) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/shop/prices/${priceId}`,
        headers,
        payload: { ...priceBody(plan.id), priceId, enabled: visible, hidden: !visible },
      });
    const shown = await Promise.all(made.map((price) => show(price.id, true)));
    expect(shown.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    expect(await listedOf()).toEqual({ listedPrices: 6, onSale: true });
    await Promise.all(made.slice(0, 5).map((price) => show(price.id, false)));
    expect(await listedOf()).toEqual({ listedPrices: 1, onSale: true });
    await ctx.database.db.update(plans).set({ hidden: true }).where(eq(plans.id, plan.id));
    expect(await listedOf()).toEqual({ listedPrices: 1, onSale: false });
  });
});

describe('the search index of the plans on sale', () => {
  it('learns when a price is shown, hidden or deleted', async () => {
    // The app's catalog with its search index on: the index, not the statements, answers once built.
    const catalog = createCatalogServices({
      db: ctx.database.db,
      clock: () => new Date(),
      brandName: 'Brand',
      cacheSeconds: 600,
      rankingSeconds: 600,
      caches: createCacheRegistry(),
      ...catalogPorts,
    });
    const owner = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'] });
    const principal: Principal = { userId: owner.id, discordId: owner.discordId, roles: owner.roles };
    const plan = await catalog.plans.createPlan(
      principal,
      createPlanBody.parse({ name: 'Onsale Indexed Beryl', description: 'Indexed.', tags: [] }),
    );
    const listed = async () => {
      // Every write of the price service dropped the 'catalog' caches: wait for the rebuild it started.
      await catalog.searchIndex.ready();
      expect(catalog.searchIndex.current()).not.toBeNull();
      const page = await catalog.planCatalog.listPlans(plansQuery.parse({ name: 'onsale indexed beryl' }));
      return { ids: page.content.map((row) => row.id), totalPages: page.totalPages };
    };
    expect(await listed()).toEqual({ ids: [], totalPages: 0 });
    const price = await catalog.prices.createPrice(principal, createPriceBody.parse(priceBody(plan.id)));
    const update = (fields: { hidden?: boolean } = {}) =>
      catalog.prices.updatePrice(
        principal,
        price.id,
        updatePriceBody.parse({ ...priceBody(plan.id), priceId: price.id, ...fields }),
      );
    expect(await listed()).toEqual({ ids: [], totalPages: 0 });
    await update();
    expect(await listed()).toEqual({ ids: [plan.id], totalPages: 1 });
    await update({ hidden: true });
    expect(await listed()).toEqual({ ids: [], totalPages: 0 });
    await update();
    expect(await listed()).toEqual({ ids: [plan.id], totalPages: 1 });
    await catalog.prices.deletePrice(principal, price.id);
    expect(await listed()).toEqual({ ids: [], totalPages: 0 });
  });
});
