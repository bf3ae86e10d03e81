import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../testing/test-app.ts';

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

describe("a guest's rendered pages are what they were", () => {
  it.each(Object.entries(PAGES))('%s (%s)', async (name, url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<script id="server-render-state"');
    await expect(res.body).toMatchFileSnapshot(`./__fixtures__/rendered-pages/${name}.html`);
  });
});
