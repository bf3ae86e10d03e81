import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  planDetailResponse,
  planDevelopersResponse,
  planPageResponse,
  planResponse,
} from '@ember/contracts/catalog';
import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import { describe, expect, it } from 'vitest';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import {
  givenPlan,
  givenPlanOnSale,
  givenPluginOnPrice,
  givenPrice,
  givenUser,
} from '../../../test-support/test-data.ts';

// With the catalog cache on (decision 0020), a change made through the API shows on the very next
// read of the shop and of the plan page; a change behind the app's back waits for the cache to expire.

const ctx = useTestApp({ CATALOG_CACHE_SECONDS: '600', CATALOG_RANKING_SECONDS: '600' });

const shopPage = async (name: string) =>
  (
    await ctx.app.inject({ method: 'GET', url: `/api/shop/plans?name=${encodeURIComponent(name)}` })
  ).json() as {
    content: { id: number; name: string; fromPrice: number | null }[];
  };

describe('the catalog cache', () => {
  it('serves a repeated shop read from memory, so a change behind the API is not seen at once', async () => {
    const plan = await givenPlanOnSale(ctx, {
      ownerId: DEMO_USER_IDS.developer,
      name: 'Cached Quartz Helper',
    });
    expect((await shopPage('Cached Quartz')).content.map((row) => row.id)).toEqual([plan.id]);
    await givenPlanOnSale(ctx, { ownerId: DEMO_USER_IDS.developer, name: 'Cached Quartz Second' });
    expect((await shopPage('Cached Quartz')).content).toHaveLength(1);
  });

  it('drops the shop and the plan page when a plan or a price changes through the API', async () => {
    const developer = await asUser(ctx, 'developer');
    const plan = await givenPlan(ctx, { ownerId: DEMO_USER_IDS.developer, name: 'Cached Topaz Helper' });
    const price = await givenPrice(ctx, { planId: plan.id, price: 500, enabled: true, hidden: false });
    // Both were made behind the API: the search index (CATALOG_RANKING_SECONDS) sees them after a change through it.
    const unchanged = await ctx.app.inject({
      method: 'PUT',
      url: `/api/shop/plans/${plan.id}`,
      headers: developer,
      payload: { name: 'Cached Topaz Helper', description: plan.description },
    });
    expect(unchanged.statusCode).toBe(200);
    expect((await shopPage('Cached Topaz')).content[0]?.fromPrice).toBe(500);
    const before = await ctx.app.inject({ method: 'GET', url: `/api/shop/plans/${plan.id}` });
    expect(before.json().name).toBe('Cached Topaz Helper');

    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/shop/plans/${plan.id}`,
      headers: developer,
      payload: { name: 'Cached Topaz Renamed', description: 'Still a helper.' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await shopPage('Cached Topaz')).content[0]?.name).toBe('Cached Topaz Renamed');
    const after = await ctx.app.inject({ method: 'GET', url: `/api/shop/plans/${plan.id}` });
    expect(after.json().name).toBe('Cached Topaz Renamed');

    const current = (
      await ctx.app.inject({ method: 'GET', url: `/api/shop/prices/${price.id}`, headers: developer })
    ).json();
    const repriced = await ctx.app.inject({
      method: 'PUT',
      url: `/api/shop/prices/${price.id}`,
      headers: developer,
      payload: { ...current, priceId: price.id, price: 300 },
    });
    expect(repriced.statusCode).toBe(200);
    expect((await shopPage('Cached Topaz')).content[0]?.fromPrice).toBe(300);
  });

  it("drops the plan page and the developer filter when a plugin's description or an owner's name changes", async () => {
    // Writes outside the catalog module (delivery, user administration) invalidate the catalog by name.
    const owner = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'], username: 'cachedjasper' });
    const plan = await givenPlan(ctx, { ownerId: owner.id, name: 'Cached Jasper Helper' });
    const price = await givenPrice(ctx, { planId: plan.id, enabled: true, hidden: false });
    const plugin = await givenPluginOnPrice(
      ctx,
      { id: price.id, ownerId: owner.id },
      { name: 'Jasper', description: 'Mines jasper.', sessionLimit: 0 },
    );
    const pluginDescription = async () =>
      (await ctx.app.inject({ method: 'GET', url: `/api/shop/plans/${plan.id}` })).json().prices[0].plugins[0]
        .description;
    const developerNames = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/shop/plans/developers' }))
        .json()
        .map((developer: { username: string }) => developer.username);
    expect(await pluginDescription()).toBe('Mines jasper.');
    expect(await developerNames()).toContain('cachedjasper');

    const described = await ctx.app.inject({
      method: 'PUT',
      url: `/api/shop/plugins/${plugin.id}`,
      headers: await headersFor(ctx, owner.id),
      payload: { description: 'Mines and banks jasper.' },
    });
    expect(described.statusCode).toBe(200);
    expect(await pluginDescription()).toBe('Mines and banks jasper.');

    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/shop/users/${owner.id}`,
      headers: await asUser(ctx, 'admin'),
      payload: { discordId: owner.discordId, username: 'renamedjasper', balance: owner.balance },
    });
    expect(renamed.statusCode).toBe(200);
    const names = await developerNames();
    expect(names).toContain('renamedjasper');
    expect(names).not.toContain('cachedjasper');
  });

  it('never serves the owner the public copy: hidden prices still show for them', async () => {
    const plan = await givenPlan(ctx, { ownerId: DEMO_USER_IDS.developer, name: 'Cached Opal Helper' });
    await givenPrice(ctx, { planId: plan.id, enabled: true, hidden: true });
    const publicView = await ctx.app.inject({ method: 'GET', url: `/api/shop/plans/${plan.id}` });
    expect(publicView.json().prices).toHaveLength(0);
    const ownerView = await ctx.app.inject({
      method: 'GET',
      url: `/api/shop/plans/${plan.id}`,
      headers: await asUser(ctx, 'developer'),
    });
    expect(ownerView.json().prices).toHaveLength(1);
  });
});

describe('the fast serializers of the catalog reads', () => {
  it('answer exactly what the contracts describe', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/shop/plans?size=100&sort=price,asc' });
    const all = planPageResponse.strict().parse(page.json());
    expect(all.content.length).toBeGreaterThan(10);
    // How many plans match in all, on every page (the shop's '33 plugins', issue 34 item 8).
    expect(all.totalElements).toBe(all.content.length);
    const second = await ctx.app.inject({ method: 'GET', url: '/api/shop/plans?size=5&page=1' });
    expect(planPageResponse.strict().parse(second.json()).totalElements).toBe(all.totalElements);
    for (const plan of page.json().content) expect(planResponse.strict().parse(plan)).toEqual(plan);
    const detail = await ctx.app.inject({ method: 'GET', url: '/api/shop/plans/3' });
    expect(planDetailResponse.parse(detail.json())).toEqual(detail.json());
    const developers = await ctx.app.inject({ method: 'GET', url: '/api/shop/plans/developers' });
    expect(planDevelopersResponse.parse(developers.json())).toEqual(developers.json());
  });
});

describe('compression', () => {
  it('sends the shop list compressed to a client that accepts it, and plain to one that does not', async () => {
    const url = '/api/shop/plans?size=100';
    const plain = await ctx.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzipped = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const brotli = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
  });

  it('compresses an answer built per request whole, with its length; a very large one as a stream', async () => {
    const owner = await asUser(ctx, 'owner');
    const signedIn = await ctx.app.inject({
      method: 'GET',
      url: '/api/shop/plans?size=25',
      headers: { ...owner, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(signedIn.headers['content-encoding']).toBe('br');
    expect(signedIn.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(signedIn.headers['content-length'])).toBe(signedIn.rawPayload.length);
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/shop/plans?size=25', headers: owner });
    expect(JSON.parse(brotliDecompressSync(signedIn.rawPayload).toString())).toEqual(plain.json());

    // The API's own description is larger than what is compressed in one call.
    const large = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(large.rawPayload.length).toBeGreaterThan(64 * 1024);
    const streamed = await ctx.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(streamed.headers['content-encoding']).toBe('gzip');
    expect(streamed.headers['content-length']).toBeUndefined();
    expect(gunzipSync(streamed.rawPayload).toString()).toBe(large.body);
  });
});

describe('answers served from the response cache', () => {
  it('still carry the security headers, come compressed when asked, and equal a fresh answer', async () => {
    const url = '/api/shop/plans?size=50&sort=name,asc';
    const first = await ctx.app.inject({ method: 'GET', url });
    const repeated = await ctx.app.inject({ method: 'GET', url });
    expect(repeated.body).toBe(first.body);
    expect(repeated.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(repeated.headers['content-security-policy']).toContain("default-src 'self'");
    expect(repeated.headers['x-content-type-options']).toBe('nosniff');
    const gzipped = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(first.body);
  });

  it('come in the encoding the browser asked for, compressed once: whole, with their length and Vary', async () => {
    const url = '/api/shop/plans?size=40&sort=name,asc';
    const plain = (await ctx.app.inject({ method: 'GET', url })).body;
    const ask = (acceptEncoding: string, extra: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding, ...extra } });
    const chrome = await ask('gzip, deflate, br, zstd');
    expect(chrome.headers['content-encoding']).toBe('br');
    expect(chrome.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(chrome.headers['content-length'])).toBe(chrome.rawPayload.length);
    expect(brotliDecompressSync(chrome.rawPayload).toString()).toBe(plain);
    const again = await ask('br');
    expect(again.rawPayload.equals(chrome.rawPayload)).toBe(true);

    const gzipPreferred = await ask('gzip, br;q=0.5');
    expect(gzipPreferred.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipPreferred.rawPayload).toString()).toBe(plain);
    const optedOut = await ask('br', { 'x-no-compression': '1' });
    expect(optedOut.headers['content-encoding']).toBeUndefined();
    expect(optedOut.body).toBe(plain);
    const identity = await ask('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain);
  });

  it('answer many concurrent first reads of one URL alike, and let each refusal through on its own', async () => {
    const url = '/api/shop/plans?size=30&sort=name,desc';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => ctx.app.inject({ method: 'GET', url })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    const missing = await Promise.all(
      Array.from({ length: 5 }, () => ctx.app.inject({ method: 'GET', url: '/api/shop/plans/999999' })),
    );
    expect(missing.map((answer) => answer.statusCode)).toEqual(Array(5).fill(404));
    expect(missing[4]?.json().message).toBe('No plan with id 999999.');
  });
});

describe('the ranked sorts of the whole catalog', () => {
  it('list the same plans in the same order as the per-request sort', async () => {
    // Earlier tests made plans behind the API: a change through it has the search index rebuilt
    // from the database (the statements answer until then), so both reads see every plan.
    const plan = await givenPlanOnSale(ctx, {
      ownerId: DEMO_USER_IDS.developer,
      name: 'Ranked Beryl Helper',
    });
    const touched = await ctx.app.inject({
      method: 'PUT',
      url: `/api/shop/plans/${plan.id}`,
      headers: await asUser(ctx, 'developer'),
      payload: { name: plan.name, description: plan.description },
    });
    expect(touched.statusCode).toBe(200);
    const developers = (await ctx.app.inject({ method: 'GET', url: '/api/shop/plans/developers' })).json();
    // Filtering by every developer keeps every listed plan but takes the per-request statement.
    const everyOwner = developers.map((developer: { discordId: string }) => developer.discordId).join(',');
    for (const sort of ['popular,desc', 'price,asc']) {
      const idsOf = async (extra: string) =>
        (await ctx.app.inject({ method: 'GET', url: `/api/shop/plans?size=100&sort=${sort}${extra}` }))
          .json()
          .content.map((plan: { id: number }) => plan.id);
      const ranked = await idsOf('');
      expect(ranked.length).toBeGreaterThan(20);
      expect(ranked).toEqual(await idsOf(`&discordIds=${everyOwner}`));
    }
  });
});
