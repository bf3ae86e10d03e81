import { plans } from '@ember/db/schema/catalog';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../testing/test-app.ts';

// The built web app as the server hands it out: every page route answers 200 whatever the client
// accepts (curl, link unfurlers), other page addresses get the app's 404 page, and /shop/{id} and
// / carry Open Graph and Twitter card tags so a pasted link unfurls into a card.

const PUBLIC_URL = 'https://store.example.com';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL });
});

afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, accept?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });

/** The content of `<meta property|name="key">`, entities decoded. */
function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html);
  return match?.[1]
    ?.replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

const embedsTheApp = (html: string) => html.includes('<script id="app-config" type="application/json">{');

describe('page routes', () => {
  const pages = ['/', '/shop', '/shop/3', '/shop/', '/tos', '/faq', '/account', '/developer/plan/1/price/1'];
  for (const accept of [undefined, '*/*', 'application/json', 'text/html']) {
    it.each(pages)(`%s answers 200 with the app (Accept: ${accept ?? 'none'})`, async (url) => {
      const res = await get(url, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(embedsTheApp(res.body)).toBe(true);
    });
  }

  it.each(['/unknown/page', '/shops', '/shop/3/extra', '/developer/plan'])(
    '%s answers 404 with the app, which shows its 404 page',
    async (url) => {
      for (const accept of ['text/html', '*/*']) {
        const res = await get(url, accept);
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(embedsTheApp(res.body)).toBe(true);
      }
    },
  );

  it('keeps the JSON 404 for unknown API routes and missing files', async () => {
    for (const url of ['/api/shop/nothing', '/assets/missing.js']) {
      const res = await get(url, 'text/html');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toContain('Nothing here');
    }
  });
});

describe('link previews', () => {
  it('/shop/{id} carries the plan name, its description as plain text and an absolute image', async () => {
    const html = (await get('/shop/1')).body;
    expect(metaContent(html, 'og:title')).toBe('Rooftop Runner');
    expect(metaContent(html, 'twitter:title')).toBe('Rooftop Runner');
    const description = metaContent(html, 'og:description') ?? '';
    expect(description).toMatch(/^Every rooftop agility course from Draynor to Ardougne/);
    expect(description).not.toMatch(/[#*[\]<>]/);
    expect(description.length).toBeLessThanOrEqual(155);
    expect(metaContent(html, 'twitter:description')).toBe(description);
    expect(metaContent(html, 'og:url')).toBe(`${PUBLIC_URL}/shop/1`);
    expect(metaContent(html, 'og:image')).toMatch(new RegExp(`^${PUBLIC_URL}/|^https?://`));
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'og:site_name')).toBe('Ember');
  });

  it('/ carries the brand, its tagline and the default picture', async () => {
    const html = (await get('/', '*/*')).body;
    expect(metaContent(html, 'og:title')).toBe('Ember');
    expect(metaContent(html, 'og:description')).toBe('Plugins that play it smart.');
    expect(metaContent(html, 'og:image')).toBe(`${PUBLIC_URL}/media/hero-poster.jpg`);
    expect(metaContent(html, 'twitter:image')).toBe(`${PUBLIC_URL}/media/hero-poster.jpg`);
    expect(metaContent(html, 'og:url')).toBe(`${PUBLIC_URL}/`);
  });

  it('uses the plan image, made absolute, when the plan has one', async () => {
    await ctx.database.db.update(plans).set({ imageUrl: '/images/storm.png' }).where(eq(plans.id, 2));
    const html = (await get('/shop/2')).body;
    expect(metaContent(html, 'og:image')).toBe(`${PUBLIC_URL}/images/storm.png`);
  });

  it('escapes what plan owners write', async () => {
    const name = 'Fish "n" <Chips> & \'more\'';
    await ctx.database.db
      .update(plans)
      .set({ name, description: '# Heading\n\n"Quoted" <script>alert(1)</script> **bold**' })
      .where(eq(plans.id, 4));
    const html = (await get('/shop/4')).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<Chips>');
    expect(metaContent(html, 'og:title')).toBe(name);
    expect(metaContent(html, 'og:description')).toBe('Heading "Quoted" alert(1) bold');
  });

  it('does not reveal a hidden plan, a disabled one or a missing one', async () => {
    for (const url of ['/shop/12', '/shop/31', '/shop/999999', '/shop/not-a-plan']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(metaContent(res.body, 'og:title')).toBe('Ember');
    }
  });
});
