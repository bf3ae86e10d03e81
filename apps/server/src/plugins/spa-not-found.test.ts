import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test-support/test-app.ts';

// Issue 26, item 14: an address with a dot (`/faq.html`, `/favicon.ico`) answered a raw JSON body.
// A browser opening one now gets the store's own not-found page; scripts and API clients keep the
// JSON error; /favicon.ico is the store's icon. The web build is the test fixture plus the real icon
// of apps/web/public, which the build copies into dist.

const FIXTURE_DIST = fileURLToPath(new URL('../../test-support/fixtures/web-dist', import.meta.url));
const PUBLIC_ICON = fileURLToPath(new URL('../../../web/public/favicon.ico', import.meta.url));
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

let ctx: TestContext;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'ember-web-dist-'));
  for (const file of ['index.html', 'route-preloads.json']) {
    copyFileSync(path.join(FIXTURE_DIST, file), path.join(distDir, file));
  }
  copyFileSync(PUBLIC_ICON, path.join(distDir, 'favicon.ico'));
  ctx = await createTestApp({}, { webDistDir: distDir });
});

afterAll(async () => {
  await ctx?.close();
  if (distDir) rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, accept?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });

const isTheApp = (html: string) => html.includes('<script id="app-config" type="application/json">{');

describe('a browser opening a missing address with a dot', () => {
  it.each(['/faq.html', '/index.php', '/shop.html', '/nothing.md', '/assets/missing.js', '/wp-login.php'])(
    '%s gets the store’s not-found page: 404, HTML',
    async (url) => {
      const res = await get(url, BROWSER_ACCEPT);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(isTheApp(res.body)).toBe(true);
      expect(res.body).not.toContain('Nothing here');
    },
  );

  it('gets the same page for HEAD', async () => {
    const res = await ctx.app.inject({
      method: 'HEAD',
      url: '/faq.html',
      headers: { accept: BROWSER_ACCEPT },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});

describe('scripts and API clients keep the JSON error', () => {
  it.each([
    ['/faq.html', 'application/json'],
    ['/assets/missing.js', '*/*'],
    ['/assets/missing.css', 'text/css,*/*;q=0.1'],
    ['/faq.html', undefined],
    ['/api/shop/nothing.json', BROWSER_ACCEPT],
    ['/api/shop/nothing', BROWSER_ACCEPT],
  ])('%s (Accept: %s) answers 404 { message }', async (url, accept) => {
    const res = await get(url, accept);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message: `Nothing here: GET ${url}` });
  });

  it('a POST to an address with a dot stays JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/faq.html',
      headers: { accept: BROWSER_ACCEPT, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Nothing here: POST /faq.html');
  });
});

describe('/favicon.ico', () => {
  it('is the store’s icon: 200, an icon, cacheable', async () => {
    for (const accept of [undefined, 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8']) {
      const res = await get('/favicon.ico', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
      expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
      expect(res.rawPayload.equals(readFileSync(PUBLIC_ICON))).toBe(true);
    }
  });

  it('apps/web/public/favicon.ico is a small icon file with the sizes browsers ask for', () => {
    const icon = readFileSync(PUBLIC_ICON);
    // ICONDIR: reserved 0, type 1 (icon), then the number of images.
    expect(icon.readUInt16LE(0)).toBe(0);
    expect(icon.readUInt16LE(2)).toBe(1);
    const count = icon.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, index) => icon.readUInt8(6 + 16 * index) || 256);
    expect(sizes).toEqual(expect.arrayContaining([16, 32]));
    expect(icon.length).toBeLessThan(10_000);
  });
});
