import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { plans } from '@ember/db/schema/catalog';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, useTestApp } from '../../test-support/test-app.ts';

// The built web app as the server hands it out: every page route answers 200 whatever the client
// accepts (curl, link unfurlers), other page addresses get the app's 404 page, and /shop/{id} and
// / carry Open Graph and Twitter card tags so a pasted link unfurls into a card.

const PUBLIC_URL = 'https://store.example.com';
const ctx = useTestApp({ PUBLIC_URL });

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

  it('keeps the JSON 404 for unknown API routes and for missing files a script asks for', async () => {
    // A browser opening a missing file's address gets the 404 page (spa-not-found.test.ts).
    for (const [url, accept] of [
      ['/api/shop/nothing', 'text/html'],
      ['/assets/missing.js', '*/*'],
    ] as const) {
      const res = await get(url, accept);
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

describe('page preloads (issue 11: what a page needs downloads alongside the entry script)', () => {
  /** The `href`s of `<link rel="…" …>` tags with that rel (and `as`, when given). */
  function links(html: string, rel: string, as?: string): string[] {
    return [...html.matchAll(/<link ([^>]*)>/g)]
      .map((match) => match[1] ?? '')
      .filter((attrs) => attrs.includes(`rel="${rel}"`) && (!as || attrs.includes(`as="${as}"`)))
      .map((attrs) => (/href="([^"]*)"/.exec(attrs)?.[1] ?? '').replaceAll('&amp;', '&'));
  }

  it('/ preloads the hero poster (its largest paint) with high priority', async () => {
    const html = (await get('/')).body;
    expect(html).toContain(
      '<link rel="preload" as="image" href="/media/hero-poster.jpg" fetchpriority="high">',
    );
    expect(links(html, 'modulepreload')).toEqual([]);
    expect(links(html, 'preload', 'fetch')).toEqual([]);
  });

  it("/shop preloads its chunks, its stylesheet and a guest's first API reads", async () => {
    const html = (await get('/shop')).body;
    expect(links(html, 'modulepreload')).toEqual(['/assets/shop-page-abc.js', '/assets/shared-abc.js']);
    expect(links(html, 'preload', 'style')).toEqual(['/assets/shop-page-abc.css']);
    expect(links(html, 'preload', 'fetch')).toEqual([
      '/api/shop/plans?page=0&size=25&sort=popular%2Cdesc',
      '/api/shop/labels',
    ]);
    expect(html).toContain('as="fetch" crossorigin="use-credentials"');
    expect(links(html, 'preload', 'image')).toEqual([]);
  });

  it('/shop/{id} preloads the plan page, the Markdown renderer, the plan and its counts', async () => {
    const html = (await get('/shop/3')).body;
    expect(links(html, 'modulepreload')).toEqual(['/assets/plan-page-abc.js', '/assets/markdown-abc.js']);
    expect(links(html, 'preload', 'fetch')).toEqual(['/api/shop/plans/3', '/api/shop/sub-counts/plan/3']);
  });

  it('guesses no API read for a filtered shop list or a signed-in browser', async () => {
    expect(links((await get('/shop?name=agility')).body, 'preload', 'fetch')).toEqual([]);
    const signedIn = await ctx.app.inject({
      method: 'GET',
      url: '/shop/3',
      cookies: { token: 'discord-token' },
    });
    expect(links(signedIn.body, 'preload', 'fetch')).toEqual([]);
    expect(links(signedIn.body, 'modulepreload')).toEqual([
      '/assets/plan-page-abc.js',
      '/assets/markdown-abc.js',
    ]);
  });

  it('adds nothing to pages without preloads', async () => {
    const html = (await get('/faq')).body;
    expect(links(html, 'modulepreload')).toEqual([]);
    expect(links(html, 'preload')).toEqual([]);
  });
});

describe("server-rendered pages (issue 11: a guest's shop and plan pages paint before the scripts run)", () => {
  let rendering: TestContext;
  const RENDERER = fileURLToPath(new URL('../../test-support/fixtures/page-renderer.ts', import.meta.url));

  beforeAll(async () => {
    rendering = await createTestApp({ PUBLIC_URL }, { webRendererFile: RENDERER });
  });
  afterAll(async () => {
    await rendering?.close();
  });

  const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1];
  const stateOf = (html: string) =>
    JSON.parse(
      /<script id="server-render-state" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null',
    );

  it("puts a guest's page in #root and the answers it was rendered from in the HTML", async () => {
    const res = await rendering.app.inject({ method: 'GET', url: '/shop' });
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toBe("<h1>Plugins for $& and $'</h1><p>28 skills</p>");
    // The page's own title, for search engines and the tab before the app runs.
    expect(res.body.match(/<title>[^<]*<\/title>/g)).toEqual([
      '<title>Plugins &amp; more $&#39; · Ember</title>',
    ]);
    const state = stateOf(res.body);
    expect(state.queries[0].data).toHaveLength(28);
    // Nothing the page was rendered from can end the script early.
    expect(state.note).toBe('</script><script>alert(1)</script>');
    expect(res.body).not.toContain('<script>alert(1)');
    // The page's picture preload moves to <head>; its stylesheet applies to the first paint; its reads are in the HTML.
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/labels/agility.svg"/>');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/shop-page-abc.css">');
    expect(head).not.toContain('as="style"');
    expect(head).not.toContain('as="fetch"');
    // The page paints without its code: the entry script is loaded after the page has loaded and painted.
    expect(head).toContain(
      '<script defer src="/load-after-paint.js" data-entry="/assets/index-abc.js"></script>',
    );
    expect(head).not.toContain('<script type="module"');
  });

  it("renders the same page whatever the visitor's languages: it is written in the UI's (decision 0039)", async () => {
    const german = await rendering.app.inject({
      method: 'GET',
      url: '/shop?q=locale',
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' },
    });
    const none = await rendering.app.inject({ method: 'GET', url: '/shop?q=locale' });
    expect(german.body).toBe(none.body);
    expect(german.body).not.toContain('number-locale');
  });

  it('sends the page compressed to a browser that accepts it', async () => {
    const res = await rendering.app.inject({
      method: 'GET',
      url: '/shop',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(rootOf(gunzipSync(res.rawPayload).toString('utf8'))).toContain('28 skills');
  });

  it('leaves a signed-in browser, and pages the renderer declines, to the browser', async () => {
    const signedIn = await rendering.app.inject({
      method: 'GET',
      url: '/shop',
      cookies: { token: 'discord-token' },
    });
    expect(rootOf(signedIn.body)).toBe('');
    expect(signedIn.body).not.toContain('server-render-state');
    expect(signedIn.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    for (const url of ['/shop/3', '/faq', '/']) {
      const res = await rendering.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(rootOf(res.body)).toBe('');
      expect(res.body).not.toContain('server-render-state');
    }
  });

  it("counts a guest's view of a rendered page once against the visitor's own address", async () => {
    const limited = await createTestApp(
      { PUBLIC_URL, RATE_LIMIT_PER_MINUTE: '4' },
      { webRendererFile: RENDERER },
    );
    try {
      const visit = (ip: string) => limited.app.inject({ method: 'GET', url: '/shop', remoteAddress: ip });
      // A rendered page's view counts once (issue 33; other pages' HTML is not counted, issue 24,
      // item 12): four pages come rendered, the fifth is still served, for the browser to render;
      // another visitor is not affected.
      for (let i = 0; i < 4; i++) expect(rootOf((await visit('203.0.113.7')).body)).not.toBe('');
      const fifth = await visit('203.0.113.7');
      expect(fifth.statusCode).toBe(200);
      expect(rootOf(fifth.body)).toBe('');
      expect(rootOf((await visit('198.51.100.2')).body)).not.toBe('');
    } finally {
      await limited.close();
    }
  });
});

describe('page HTML assembly', () => {
  it('keeps `$` patterns in what plan owners write literal', async () => {
    const [plan] = await ctx.database.db
      .update(plans)
      .set({ description: "Costs $5. Not $& or $' here." })
      .where(eq(plans.id, 3))
      .returning({ id: plans.id });
    const html = (await get(`/shop/${plan?.id}`)).body;
    expect(metaContent(html, 'og:description')).toBe("Costs $5. Not $& or $' here.");
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });
});
