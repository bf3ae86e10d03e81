import { PAGE_ROUTES } from '@ember/contracts/page-routes';
import { DEMO_USER_IDS } from '@ember/db/demo/demo-accounts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { asUser } from '../../../test-support/auth.ts';
import { catalogPorts } from '../../../test-support/catalog-ports.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { givenPlan, givenPlanOnSale } from '../../../test-support/test-data.ts';
import { createCacheRegistry } from '../../lib/cache/cache-registry.ts';
import { registerErrorHandler } from '../../plugins/error-handler.ts';
import { createCatalogServices } from '../catalog/catalog-services.ts';
import { crawlerRoutes } from './crawler.routes.ts';

// Issue 26, item 8: robots.txt names the sitemap and keeps crawlers out of the API and the
// signed-in pages; sitemap.xml lists the public pages and every plan on sale, from the database.

const SITE = 'https://store.example';

const ctx = useTestApp({ PUBLIC_URL: SITE, CATALOG_CACHE_SECONDS: '600' });

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

/** Plans on sale according to the database itself (not the sitemap's own query). */
async function plansOnSale(): Promise<number[]> {
  const all: number[] = [];
  const first = (await ctx.app.inject({ method: 'GET', url: '/api/shop/plans?size=100' })).json();
  for (let page = 0; page < first.totalPages; page++) {
    const answer = await ctx.app.inject({ method: 'GET', url: `/api/shop/plans?size=100&page=${page}` });
    all.push(...answer.json().content.map((plan: { id: number }) => plan.id));
  }
  return all.sort((a, b) => a - b);
}

describe('GET /robots.txt', () => {
  it('names the sitemap and keeps crawlers out of the API and every page that is not public', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = answer.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice(10));
    for (const prefix of [
      '/api/',
      '/account',
      '/admin',
      '/owner',
      '/developer',
      '/orders',
      '/checkout/',
      '/products/',
      '/vip',
      '/session-logs',
      '/device',
      '/oauth2',
    ]) {
      expect(disallowed).toContain(prefix);
    }
    // Every signed-in page is covered, and no public page is.
    const blocked = (path: string) => disallowed.some((prefix) => path.startsWith(prefix));
    for (const path of [
      '/developer/plan/3/price/4',
      '/developer/repository/1',
      '/api/shop/plans',
      '/api/client/x',
    ])
      expect(blocked(path), path).toBe(true);
    for (const path of ['/', '/shop', '/shop/3', '/tos', '/privacy', '/faq'])
      expect(blocked(path), path).toBe(false);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the public pages and exactly the plans on sale, with absolute addresses and lastmod', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(answer.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset ')).toBe(true);
    expect(answer.body).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(answer.body.trimEnd().endsWith('</urlset>')).toBe(true);
    const locs = locsOf(answer.body);
    expect(locs.slice(0, 5)).toEqual([
      `${SITE}/`,
      `${SITE}/tos`,
      `${SITE}/privacy`,
      `${SITE}/faq`,
      `${SITE}/shop`,
    ]);
    const planIds = locs.slice(5).map((loc) => Number(loc?.replace(`${SITE}${PAGE_ROUTES.shop}/`, '')));
    expect(planIds).toEqual(await plansOnSale());
    expect(planIds).toContain(3); // the free demo plan
    expect(answer.body).toMatch(
      new RegExp(`<url><loc>${SITE}/shop/3</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z</lastmod></url>`),
    );
    // No signed-in page is offered to crawlers.
    for (const loc of locs) expect(loc).not.toMatch(/\/(account|developer|admin|owner|orders|products|vip)/);
  });

  it('is fresh after a change through the API, and answers 304 to a client holding the current copy', async () => {
    const developer = await asUser(ctx, 'developer');
    // Made behind the API, then renamed through it: the catalog's cache (on in this app) is dropped.
    const plan = await givenPlanOnSale(ctx, {
      ownerId: DEMO_USER_IDS.developer,
      name: 'Sitemap Onyx Helper',
    });
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/shop/plans/${plan.id}`,
      headers: developer,
      payload: { name: 'Sitemap Onyx Renamed', description: plan.description },
    });
    expect(renamed.statusCode).toBe(200);
    const first = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(locsOf(first.body)).toContain(`${SITE}/shop/${plan.id}`);
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // Hidden through the API: it leaves at once, and the held copy is no longer current.
    const hide = () =>
      ctx.app.inject({ method: 'PUT', url: `/api/shop/plans/${plan.id}/hide`, headers: developer });
    expect((await hide()).json().hidden).toBe(true);
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(locsOf(after.body)).not.toContain(`${SITE}/shop/${plan.id}`);

    expect((await hide()).json().hidden).toBe(false);
    const back = await ctx.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { 'if-none-match': etag },
    });
    expect(back.statusCode).toBe(200);
    expect(locsOf(back.body)).toContain(`${SITE}/shop/${plan.id}`);
  });

  it('becomes an index of numbered files beyond the addresses a file may hold', async () => {
    // The same routes over the same catalog, with files of 7 addresses instead of 50,000.
    const catalog = createCatalogServices({
      db: ctx.database.db,
      clock: () => new Date(),
      brandName: 'Brand',
      cacheSeconds: 0,
      rankingSeconds: 0,
      caches: createCacheRegistry(),
      ...catalogPorts,
    });
    await givenPlan(ctx, { ownerId: DEMO_USER_IDS.developer, name: 'Sitemap Priceless' });
    const app = Fastify().withTypeProvider();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    await app.register(crawlerRoutes, {
      publicUrl: SITE,
      apiBases: ['/api/shop'],
      sitemap: catalog.planCatalog,
      urlsPerFile: 7,
    });
    try {
      const index = await app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(index.statusCode).toBe(200);
      expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const onSale = await plansOnSale();
      const files = Math.ceil((5 + onSale.length) / 7);
      expect(locsOf(index.body)).toEqual(
        Array.from({ length: files }, (_, n) => `${SITE}/sitemap-${n + 1}.xml`),
      );

      const listed: (string | undefined)[] = [];
      for (let file = 1; file <= files; file++) {
        const part = await app.inject({ method: 'GET', url: `/sitemap-${file}.xml` });
        expect(part.statusCode).toBe(200);
        expect(part.headers['content-type']).toBe('application/xml; charset=utf-8');
        const locs = locsOf(part.body);
        expect(locs.length).toBeLessThanOrEqual(7);
        if (file < files) expect(locs).toHaveLength(7);
        listed.push(...locs);
      }
      expect(listed).toEqual([
        `${SITE}/`,
        `${SITE}/tos`,
        `${SITE}/privacy`,
        `${SITE}/faq`,
        `${SITE}/shop`,
        ...onSale.map((id) => `${SITE}/shop/${id}`),
      ]);
      const beyond = await app.inject({ method: 'GET', url: `/sitemap-${files + 1}.xml` });
      expect(beyond.statusCode).toBe(404);
      expect(beyond.json()).toEqual({ message: `No sitemap file ${files + 1}.` });
    } finally {
      await app.close();
    }
  });
});
