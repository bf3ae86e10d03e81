import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../test-support/test-app.ts';

// A guest's rendered pages, drawn by the web's real renderer (apps/web/src/entry-server.tsx, loaded
// from source) on the demo data at a fixed time, are kept byte for byte in __fixtures__: a change of
// how the server gathers a page's data or calls the renderer must not change one byte a guest gets.
// A deliberate change of the pages themselves is recorded with `vitest run -u` and reviewed as a diff.

const WEB_RENDERER = fileURLToPath(new URL('../../../web/src/entry-server.tsx', import.meta.url));
/** The demo data's reference time and the clock of every render (TanStack Query stamps its answers). */
const FIXED_TIME = new Date('2026-06-01T12:00:00.000Z');

const PAGES = {
  shop: '/shop',
  'shop-filtered': '/shop?name=bundle&sort=price&size=10&filters=open',
  'plan-with-slots': '/shop/10',
  'plan-on-sale': '/shop/11',
  device: '/device?code=WDJB-MJHT',
};

let ctx: TestContext;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: FIXED_TIME });
  ctx = await createTestApp({ PUBLIC_URL: 'https://store.example.com' }, { webRendererFile: WEB_RENDERER });
});

afterAll(async () => {
  await ctx?.close();
  vi.useRealTimers();
});

describe("a guest's rendered pages are what they were (issue 33: rendering as a function of data)", () => {
  it.each(Object.entries(PAGES))('%s (%s)', async (name, url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<script id="server-render-state"');
    await expect(res.body).toMatchFileSnapshot(`./__fixtures__/rendered-pages/${name}.html`);
  });
});

describe('a guest view of a plan page (issue 33)', () => {
  const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
  const ogTitleOf = (html: string) => /<meta property="og:title" content="([^"]*)">/.exec(html)?.[1];

  it("asks this server nothing and counts once against the visitor's limit, rendered or kept", async () => {
    const limited = await createTestApp(
      { RATE_LIMIT_PER_MINUTE: '4', CATALOG_CACHE_SECONDS: '60' },
      { webRendererFile: WEB_RENDERER },
    );
    try {
      const requests: string[] = [];
      limited.app.addHook('onRequest', async (request) => {
        requests.push(`${request.method} ${request.url}`);
      });
      const visitor = '203.0.113.9';
      const get = (url: string) => limited.app.inject({ method: 'GET', url, remoteAddress: visitor });

      // The first view renders the page, the second is served the kept one.
      for (const view of [await get('/shop/10'), await get('/shop/10')]) {
        expect(view.statusCode).toBe(200);
        expect(rootOf(view.body)).toContain('Sailor&#x27;s Compass');
        expect(ogTitleOf(view.body)).toBe('Sailor&#39;s Compass');
      }
      // No read went through HTTP: the only requests the server saw are the two page views.
      expect(requests).toEqual(['GET /shop/10', 'GET /shop/10']);

      // Two views cost two of the visitor's four: two API calls still pass, the third is refused.
      expect((await get('/api/shop/labels')).statusCode).toBe(200);
      expect((await get('/api/shop/labels')).statusCode).toBe(200);
      expect((await get('/api/shop/labels')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
