import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TOO_MANY_REQUESTS_MESSAGE } from '@ember/contracts/errors';
import { afterEach, describe, expect, it } from 'vitest';
import { headersFor } from '../../test-support/auth.ts';
import {
  REALISTIC_DISCORD,
  REALISTIC_JWT_SECRET,
  REALISTIC_PROCESSORS,
} from '../../test-support/production-config.ts';
import { createTestApp, type TestContext } from '../../test-support/test-app.ts';
import { givenUser } from '../../test-support/test-data.ts';
import { parseEnv } from '../config/env.ts';
import { generateManifestKeys } from '../modules/client-api/manifest-keys.ts';
import { newKey, pemOf } from '../modules/tuf/tuf.fixtures.ts';

// A production-mode server behind one declared proxy, with the production limits (an empty value
// means "not set", so the test app's roomy limits give way to the defaults).

const PROXY = '10.0.0.2';
const CLIENT = '203.0.113.9';

const PRODUCTION = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  JWT_SECRET: REALISTIC_JWT_SECRET,
  // Required in production; the test database is created by the test app, not from this address.
  DATABASE_URL: 'postgres://unused.invalid:5432/unused',
  ...REALISTIC_DISCORD,
  ...REALISTIC_PROCESSORS,
  MANIFEST_SIGNING_KEYS: JSON.stringify(generateManifestKeys()),
  // Required in production (decision 0055): online keys made here, and no signed file yet.
  TUF_ONLINE_KEYS: JSON.stringify({
    timestamp: pemOf(newKey()),
    snapshot: pemOf(newKey()),
    obfuscated: pemOf(newKey()),
  }),
  TUF_SIGNED_DIR: mkdtempSync(path.join(tmpdir(), 'ember-tuf-signed-')),
  RATE_LIMIT_PER_MINUTE: '',
  RATE_LIMIT_SIGN_IN_PER_MINUTE: '',
  RATE_LIMIT_SPENDING_PER_MINUTE: '',
  DISCOUNT_CODE_FAILURES_PER_HOUR: '',
};

let ctx: TestContext | undefined;

afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

/**
 * 60 guesses from one client through the proxy, each with a different X-Forwarded-For value the
 * client made up (the proxy appends the address it really sees), spread over six accounts so the
 * per-account count alone would never stop them.
 */
async function sixtyGuessesThroughTheProxy(app: TestContext) {
  const accounts = await Promise.all(Array.from({ length: 6 }, () => givenUser(app)));
  const headers = await Promise.all(accounts.map((account) => headersFor(app, account.id)));
  const statuses: number[] = [];
  for (let i = 0; i < 60; i++) {
    const res = await app.app.inject({
      method: 'GET',
      url: `/api/shop/subscriptions/discount-check?priceId=2&discountCode=GUESS${1000 + i}`,
      remoteAddress: PROXY,
      headers: { ...headers[i % 6], 'x-forwarded-for': `198.51.100.${i + 1}, ${CLIENT}` },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('a production server behind one declared proxy', () => {
  it('limits discount-code guesses however the client fills X-Forwarded-For (proxy by address)', async () => {
    ctx = await createTestApp({ ...PRODUCTION, TRUST_PROXY: PROXY });
    const statuses = await sixtyGuessesThroughTheProxy(ctx);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual(Array(50).fill(429));
  });

  it('limits them the same with a hop count', async () => {
    ctx = await createTestApp({ ...PRODUCTION, TRUST_PROXY: '1' });
    const statuses = await sixtyGuessesThroughTheProxy(ctx);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual(Array(50).fill(429));
  });

  it('limits one account even when each guess seems to come from another client', async () => {
    ctx = await createTestApp({ ...PRODUCTION, TRUST_PROXY: PROXY });
    const account = await givenUser(ctx);
    const headers = await headersFor(ctx, account.id);
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/shop/subscriptions/discount-check?priceId=2&discountCode=GUESS${2000 + i}`,
        remoteAddress: PROXY,
        headers: { ...headers, 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual(Array(50).fill(429));
  });

  it('ignores X-Forwarded-For from a client that connects directly', async () => {
    ctx = await createTestApp({ ...PRODUCTION, TRUST_PROXY: PROXY });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/client-errors',
        payload: { message: 'TypeError', url: 'https://shop.example/' },
        remoteAddress: CLIENT,
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(202));
    expect(statuses[20]).toBe(429);
  });

  it('trusts no X-Forwarded-For at all without TRUST_PROXY, even in production', async () => {
    ctx = await createTestApp({ ...PRODUCTION, TRUST_PROXY: '' });
    const seen = await ctx.app.inject({
      method: 'POST',
      url: '/api/identity/token',
      remoteAddress: CLIENT,
      headers: { 'x-forwarded-for': '198.51.100.77' },
    });
    expect(seen.statusCode).toBe(401);
    for (let i = 0; i < 29; i++) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/identity/token',
        remoteAddress: CLIENT,
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
    }
    const over = await ctx.app.inject({ method: 'POST', url: '/api/identity/token', remoteAddress: CLIENT });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ message: TOO_MANY_REQUESTS_MESSAGE });
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count or a list of proxy addresses and ranges, and nothing by default', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toEqual({ hops: 1 });
    expect(parseEnv({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,::1' }).TRUST_PROXY).toEqual({
      addresses: ['10.0.0.2', '10.1.0.0/16', '::1'],
    });
  });

  it('refuses "trust everything" and anything else that is not an address', () => {
    for (const value of ['true', '*', '10.0.0.0/33', 'proxy.internal']) {
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: must be a hop count \(e\.g\. 1\) or proxy addresses\/CIDR ranges/,
      );
    }
  });
});
