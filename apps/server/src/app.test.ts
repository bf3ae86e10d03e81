import { describe, expect, it } from 'vitest';
import {
  REALISTIC_DISCORD,
  REALISTIC_JWT_SECRET,
  REALISTIC_PROCESSORS,
} from '../test-support/production-config.ts';
import { createTestAppOn, useTestApp } from '../test-support/test-app.ts';
import { buildApp } from './app.ts';
import { parseEnv } from './config/env.ts';

const ctx = useTestApp();

describe('health', () => {
  it('answers liveness and readiness with the database up', async () => {
    const live = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });

    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up' });
  });

  it('reports not ready with 503 when the database is unreachable', async () => {
    const app = await buildApp({
      env: ctx.env,
      database: { db: ctx.database.db, ping: async () => Promise.reject(new Error('connection refused')) },
    });
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not_ready', database: 'down' });
    await app.close();
  });
});

describe('bad input never crashes the server', () => {
  const report = { message: 'TypeError: x is undefined', url: 'http://localhost:3000/shop' };

  it('answers an unknown API route with a JSON 404 message', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/shop/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Nothing here: GET /api/shop/does-not-exist' });
  });

  it('answers an unknown method on a known path with 404, not 500', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: '/healthz' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('Nothing here');
  });

  it('rejects malformed JSON with 400 and a readable message', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': 'application/json' },
      payload: '{"message": "oops",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('rejects an empty JSON body with 400', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/empty/i);
  });

  it('rejects an oversized body with 413', async () => {
    const huge = JSON.stringify({ ...report, stack: 'x'.repeat(ctx.env.BODY_LIMIT_BYTES + 10) });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': 'application/json' },
      payload: huge,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request body is too large.' });
  });

  it('rejects an unsupported content type with 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': 'application/xml' },
      payload: '<error/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'This content type is not supported here. Send JSON.' });
  });

  it('rejects a body that breaks the schema with a message naming the field', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/client-errors', payload: { url: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The error message is required.' });
  });

  it('accepts a well-formed client error report', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/client-errors', payload: report });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
  });

  it('hides the details of unexpected errors behind a generic 500 message', async () => {
    const app = await buildApp({ env: ctx.env, database: ctx.database });
    app.get('/api/boom', { config: { access: 'public' } }, async () => {
      throw new Error('password=hunter2 at db.internal:5432');
    });
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again later.' });
    await app.close();
  });
});

describe('static documents and bootstrap', () => {
  it.each(['TOS.md', 'PrivacyPolicy.md', 'FAQ.md', 'VIP.md'])('serves /%s as markdown', async (name) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/${name}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.body).toMatch(/^# /m);
    expect(res.body.length).toBeGreaterThan(500);
  });

  it('serves the updater bootstrap with a download address for every platform', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/bootstrap.json' });
    expect(res.statusCode).toBe(200);
    const platforms = Object.keys(res.json().platforms);
    expect(platforms.sort()).toEqual(
      ['linux', 'linuxAarch64', 'mac', 'macAarch64', 'windows', 'windows32', 'windowsArm64'].sort(),
    );
    expect(res.json().platforms.windows.url).toMatch(/^https:\/\/.+\.exe$/);
  });
});

describe('web app serving', () => {
  it('serves index.html with the runtime config embedded for any page route', async () => {
    for (const url of ['/', '/shop', '/shop/3']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const json = res.body.match(/<script id="app-config" type="application\/json">(.*?)<\/script>/)?.[1];
      expect(JSON.parse(json ?? 'null')).toMatchObject({
        brand: { name: 'Ember' },
        api: { shop: '/api/shop' },
      });
    }
  });

  it('escapes the embedded config so a brand value cannot close the script tag', async () => {
    // The brand is configuration, not data: a second app on this file's database (the file closes
    // it), not a database of its own (decision 0076).
    const evil = await createTestAppOn(
      { ...ctx.database, close: async () => undefined },
      { BRAND_NAME: '</script><script>alert(1)</script>' },
    );
    const res = await evil.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.body).not.toContain('<script>alert(1)');
    await evil.close();
  });

  it('answers a missing asset with 404 instead of the page', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: '*/*' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('publishes the OpenAPI document generated from the route schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/healthz', '/readyz', '/api/client-errors']),
    );
  });
});

describe('configuration', () => {
  it('fails fast with every bad variable named', () => {
    expect(() => parseEnv({ PORT: 'abc', LOG_LEVEL: 'loud' })).toThrow(
      /PORT[\s\S]*LOG_LEVEL|LOG_LEVEL[\s\S]*PORT/,
    );
  });

  it('runs both process roles by default and accepts api, worker or both in SERVICES', () => {
    const postgres = { DATABASE_URL: 'postgres://db.internal:5432/store' };
    expect(parseEnv({}).SERVICES).toEqual(['api', 'worker']);
    expect(parseEnv({ ...postgres, SERVICES: 'api' }).SERVICES).toEqual(['api']);
    expect(parseEnv({ ...postgres, SERVICES: 'worker' }).SERVICES).toEqual(['worker']);
    expect(parseEnv({ SERVICES: 'worker, api' }).SERVICES).toEqual(['worker', 'api']);
  });

  it('refuses a single role on the embedded database, which no other process can share', () => {
    expect(() => parseEnv({ SERVICES: 'worker' })).toThrow(
      'SERVICES: worker alone needs DATABASE_URL: the embedded database cannot be shared with another process',
    );
  });

  it('refuses an unknown process role with a message that lists the valid ones', () => {
    expect(() => parseEnv({ SERVICES: 'api,web' })).toThrow(
      "SERVICES: must be api, worker or api,worker (comma-separated), not 'api,web'",
    );
    expect(() => parseEnv({ SERVICES: ',' })).toThrow(/SERVICES: must be api, worker or api,worker/);
  });

  it('refuses production mode with the development secret or without PostgreSQL', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET: must be set[\s\S]*DATABASE_URL: is required/,
    );
    expect(() =>
      parseEnv({
        NODE_ENV: 'production',
        JWT_SECRET: REALISTIC_JWT_SECRET,
        DATABASE_URL: 'postgres://db.internal:5432/store',
        ...REALISTIC_DISCORD,
        ...REALISTIC_PROCESSORS,
      }),
    ).not.toThrow();
  });
});
